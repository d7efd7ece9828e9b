/*
 * A look at a zip's central directory before any decompression, and the bounded inflation of the entries
 * the import reads: an .xlsx is a zip holding xl/workbook.xml, and the declared uncompressed sizes tell a
 * genuine spreadsheet from a zip bomb. The declared sizes are not trusted alone: each entry is inflated
 * with a ceiling of what it declares, and stops (ERR_BUFFER_TOO_LARGE) as soon as more comes out.
 */
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';

/** One entry of the central directory, as it is declared. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused when inflated. */
  method: number;
  flags: number;
  crc: number;
  compressedBytes: number;
  /** The declared uncompressed size. */
  uncompressedBytes: number;
  /** Where the entry's local header starts. */
  localOffset: number;
}

/** What the central directory declares. */
export interface ZipSummary {
  entries: ZipEntry[];
  /** The sum of the declared uncompressed sizes. */
  uncompressedBytes: number;
  names: Set<string>;
}

const LOCAL_HEADER = 0x04034b50;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** Set in the general-purpose flags of an encrypted entry. */
const ENCRYPTED = 0x1;

/**
 * The central directory, or null when the bytes are not a well-formed zip. Zip64 archives (a size, an
 * offset or the entry count saturated at 0xFFFF/0xFFFFFFFF) are refused too: no genuine spreadsheet of
 * the import's limits needs them.
 */
export function readZipDirectory(buffer: Buffer): ZipSummary | null {
  if (buffer.length < 22 || buffer.readUInt32LE(0) !== LOCAL_HEADER) return null;
  // The end record sits in the last 22 bytes plus a comment of at most 65,535 bytes.
  let end = -1;
  for (let at = buffer.length - 22; at >= Math.max(0, buffer.length - 22 - 65535); at -= 1) {
    if (buffer.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = buffer.readUInt16LE(end + 10);
  const offset = buffer.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff) return null;
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let uncompressedBytes = 0;
  let at = offset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    const entry = {
      flags: buffer.readUInt16LE(at + 8),
      method: buffer.readUInt16LE(at + 10),
      crc: buffer.readUInt32LE(at + 16),
      compressedBytes: buffer.readUInt32LE(at + 20),
      uncompressedBytes: buffer.readUInt32LE(at + 24),
      localOffset: buffer.readUInt32LE(at + 42),
    };
    if (entry.compressedBytes === 0xffffffff || entry.uncompressedBytes === 0xffffffff || entry.localOffset === 0xffffffff) return null;
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    if (at + 46 + nameLength > buffer.length) return null;
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({ name, ...entry });
    names.add(name);
    uncompressedBytes += entry.uncompressedBytes;
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, uncompressedBytes, names };
}

/** Why an entry could not be inflated: its bytes are broken, or more comes out than it declares. */
export class ZipEntryError extends Error {
  constructor(readonly kind: 'corrupt' | 'oversized') {
    super(kind);
  }
}

const inflate = promisify(inflateRaw);

/**
 * The entry's bytes, inflated (off the event loop) with a ceiling of its declared size: an entry that
 * inflates past it is stopped there ('oversized'); a wrong length, CRC-32, method or local header is
 * 'corrupt'.
 */
export async function inflateEntry(buffer: Buffer, entry: ZipEntry): Promise<Buffer> {
  const at = entry.localOffset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL_HEADER || (entry.flags & ENCRYPTED) !== 0) throw new ZipEntryError('corrupt');
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  if (start + entry.compressedBytes > buffer.length) throw new ZipEntryError('corrupt');
  const data = buffer.subarray(start, start + entry.compressedBytes);
  let bytes: Buffer;
  if (entry.method === 0) {
    if (data.length > entry.uncompressedBytes) throw new ZipEntryError('oversized');
    bytes = data;
  } else if (entry.method === 8) {
    try {
      bytes = await inflate(data, { maxOutputLength: Math.max(1, entry.uncompressedBytes) });
    } catch (error) {
      throw new ZipEntryError((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'oversized' : 'corrupt');
    }
  } else {
    throw new ZipEntryError('corrupt');
  }
  if (bytes.length > entry.uncompressedBytes) throw new ZipEntryError('oversized');
  if (bytes.length !== entry.uncompressedBytes || crc32(bytes) >>> 0 !== entry.crc) throw new ZipEntryError('corrupt');
  return bytes;
}

/** Slices a stored zip is streamed in, so a reader parses it piece by piece. */
const STREAM_CHUNK = 16 * 1024;

/**
 * A stored (uncompressed) zip of already inflated and checked entries, in the given order, as a stream
 * of small slices: what a streaming reader reads instead of the upload, so it sees only those entries.
 */
export function storedZipStream(parts: { name: string; bytes: Buffer }[]): Readable {
  const pieces: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, bytes } of parts) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(bytes) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(bytes.length, 18);
    local.writeUInt32LE(bytes.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(DIRECTORY_ENTRY, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(bytes.length, 20);
    central.writeUInt32LE(bytes.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    pieces.push(local, nameBytes, bytes);
    directory.push(central, nameBytes);
    offset += 30 + nameBytes.length + bytes.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  pieces.push(directoryBytes, end);
  function* slices() {
    for (const piece of pieces) {
      for (let from = 0; from < piece.length; from += STREAM_CHUNK) yield piece.subarray(from, from + STREAM_CHUNK);
    }
  }
  return Readable.from(slices(), { objectMode: false });
}
