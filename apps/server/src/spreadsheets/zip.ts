/*
 * A look at a zip's central directory before any decompression: an .xlsx is a zip holding
 * xl/workbook.xml, and its declared uncompressed size tells a genuine spreadsheet from a zip bomb.
 */

/** What the central directory declares. */
export interface ZipSummary {
  entries: number;
  uncompressedBytes: number;
  names: Set<string>;
}

const LOCAL_HEADER = 0x04034b50;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;

/** The central directory summary, or null when the bytes are not a well-formed (non-ZIP64) zip. */
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
  const entries = buffer.readUInt16LE(end + 10);
  const offset = buffer.readUInt32LE(end + 16);
  const names = new Set<string>();
  let uncompressedBytes = 0;
  let at = offset;
  for (let index = 0; index < entries; index += 1) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    const size = buffer.readUInt32LE(at + 24);
    if (size === 0xffffffff) return null;
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    if (at + 46 + nameLength > buffer.length) return null;
    names.add(buffer.toString('utf8', at + 46, at + 46 + nameLength));
    uncompressedBytes += size;
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, uncompressedBytes, names };
}
