/**
 * Zip bombs built from the real employee template (issue 23, item 1), for the test that proves the
 * upload refuses them (`tests/server/uploadLimits.test.ts`) and for the part of `npm run hostile` that
 * measures how long and how much memory the real server takes to refuse them (`scripts/hostile/bombs.ts`).
 *
 * The zips are written here by hand (local headers, central directory, end record), so the declared
 * sizes can lie; the big sheet is deflated as a stream, so the builder never holds the inflated text.
 */
import { once } from 'node:events';
import { constants, createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MB = 1024 * 1024;
/** The Colaboradores sheet's part in the template. */
export const SHEET = 'xl/worksheets/sheet1.xml';

/** The bomb: a sheet inflating to about this many MB (honest about its size unless told). */
export const BOMB_MB = 250;
/** What the lying bomb declares for its 250 MB sheet. */
export const LYING_DECLARED = 30 * 1024;
/** Filled rows of the row-limit sheet (the limit is 20,000 employees)… */
export const ROW_LIMIT_ROWS = 25_000;
/** …followed by broken XML: a reader that went past the limit would answer 'corrompida'. */
export const BROKEN_AFTER = '<row r="30000"><c r="A30000"></row>';

/** One entry of a zip being written: its compressed bytes, CRC-32, real size and (optionally) a lying declared size. */
export interface Part {
  name: string;
  compressed: Buffer;
  crc: number;
  size: number;
  declared?: number;
}

export function deflated(name: string, data: Buffer): Part {
  return { name, compressed: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/**
 * Writes the fields a local header (from byte 4) and its central directory entry (from byte 6) share, in
 * the same order: version needed, DEFLATE, CRC-32, compressed size, declared size, name length.
 */
function writeShared(header: Buffer, at: number, part: Part, nameLength: number): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(8, at + 4);
  header.writeUInt32LE(part.crc, at + 10);
  header.writeUInt32LE(part.compressed.length, at + 14);
  header.writeUInt32LE(part.declared ?? part.size, at + 18);
  header.writeUInt16LE(nameLength, at + 22);
}

/** A DEFLATE zip of the parts, declaring each part's `declared` size (its real size unless told). */
export function zip(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeShared(local, 4, part, name.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    // Made by version 2.0.
    central.writeUInt16LE(20, 4);
    writeShared(central, 6, part, name.length);
    central.writeUInt32LE(offset, 42);
    chunks.push(local, name, part.compressed);
    directory.push(central, name);
    offset += local.length + name.length + part.compressed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directoryBytes, end]);
}

/** A filled employee row of the template's six columns. */
export const FILLED_ROW =
  '<row><c t="inlineStr"><is><t>Pessoa Repetida da Silva</t></is></c><c t="inlineStr"><is><t>repetida@demonstracao.com.br</t></is></c>' +
  '<c t="inlineStr"><is><t>11987654321</t></is></c><c t="inlineStr"><is><t>Comercial</t></is></c><c t="inlineStr"><is><t>Analista</t></is></c><c/></row>';

/** The same row as Excel writes it, numbered (`{n}` is the row's number). */
export const NUMBERED_ROW =
  '<row r="{n}"><c r="A{n}" t="inlineStr"><is><t>Pessoa Repetida da Silva</t></is></c><c r="B{n}" t="inlineStr"><is><t>repetida@demonstracao.com.br</t></is></c>' +
  '<c r="C{n}" t="inlineStr"><is><t>11987654321</t></is></c><c r="D{n}" t="inlineStr"><is><t>Comercial</t></is></c><c r="E{n}" t="inlineStr"><is><t>Analista</t></is></c><c r="F{n}"/></row>';

/** The Colaboradores sheet XML up to its first data row: the template's own header row. */
const SHEET_HEAD = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Nome</t></is></c><c r="B1" t="inlineStr"><is><t>Email</t></is></c><c r="C1" t="inlineStr"><is><t>Telefone</t></is></c>' +
    '<c r="D1" t="inlineStr"><is><t>Setor</t></is></c><c r="E1" t="inlineStr"><is><t>Cargo</t></is></c><c r="F1" t="inlineStr"><is><t>Id</t></is></c></row>',
);

/**
 * The Colaboradores sheet XML: the template's own header row, then `rows` copies of one filled row
 * (`r` omitted, as the format allows, so every copy is byte-identical and compresses to almost nothing;
 * or numbered when the row holds `{n}`), then `after`, deflated as a stream.
 */
export async function hugeSheet(rows: number, row: string, after = ''): Promise<Part> {
  const head = SHEET_HEAD;
  const tail = Buffer.from(`${after}</sheetData></worksheet>`);
  const numbered = row.includes('{n}');
  const rowsFrom = (first: number, count: number) =>
    Buffer.from(numbered ? Array.from({ length: count }, (_, index) => row.replaceAll('{n}', String(first + index))).join('') : row.repeat(count));
  const block = rowsFrom(2, 4096);
  const deflate = createDeflateRaw();
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  let crc = crc32(head);
  let size = head.length;
  deflate.write(head);
  for (let written = 0; written < rows; written += 4096) {
    const piece = numbered ? rowsFrom(2 + written, Math.min(4096, rows - written)) : written + 4096 <= rows ? block : rowsFrom(2 + written, rows - written);
    crc = crc32(piece, crc);
    size += piece.length;
    if (!deflate.write(piece)) await once(deflate, 'drain');
  }
  crc = crc32(tail, crc);
  size += tail.length;
  deflate.end(tail);
  await once(deflate, 'end');
  return { name: SHEET, compressed: Buffer.concat(out), crc, size };
}

/** The sheet of the bomb: `BOMB_MB` MB of one repeated filled row. */
export function bombSheet(): Promise<Part> {
  return hugeSheet(Math.ceil((BOMB_MB * MB) / FILLED_ROW.length), FILLED_ROW);
}

/** DEFLATE data that breaks at once: a final block of the reserved type 3 (0b111, read from the low bit up). */
export const BROKEN_DEFLATE = Buffer.from([0b111]);

/**
 * A sheet that lies about its size (declares `LYING_DECLARED`) and whose DEFLATE data breaks after about
 * 1.3 MB of valid rows (an invalid block type): inflated with the ceiling of its declared size it is
 * stopped before the break (the size answer); inflated past the ceiling it would reach the break
 * ('corrompida'). Which answer comes back tells where the inflation stopped.
 */
export function lyingBrokenSheet(): Part {
  const data = Buffer.concat([SHEET_HEAD, Buffer.from(FILLED_ROW.repeat(4096))]);
  // A sync flush ends the valid data on a byte boundary without a final block; the broken block follows.
  const compressed = Buffer.concat([deflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH }), BROKEN_DEFLATE]);
  return { name: SHEET, compressed, crc: crc32(data), size: data.length, declared: LYING_DECLARED };
}

/** `ROW_LIMIT_ROWS` numbered filled rows, then `BROKEN_AFTER`. */
export function rowLimitSheet(): Promise<Part> {
  return hugeSheet(ROW_LIMIT_ROWS, NUMBERED_ROW, BROKEN_AFTER);
}

/** The entries of a downloaded template (its bytes), by name. */
export async function templateEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  const archive = await JSZip.loadAsync(bytes);
  const entries = new Map<string, Buffer>();
  for (const name of Object.keys(archive.files).sort()) {
    const file = archive.files[name]!;
    if (!file.dir) entries.set(name, await file.async('nodebuffer'));
  }
  return entries;
}

/** The real template's entries, deflated again, with the Colaboradores sheet replaced. */
export function withSheet(entries: Map<string, Buffer>, sheet: Part): Buffer {
  return zip([...entries].map(([name, data]) => (name === SHEET ? sheet : deflated(name, data))));
}

/** A multipart/form-data body with the file in the `file` field, as the upload screen sends it. */
export function multipart(content: Buffer) {
  const boundary = '----avaliaUploadLimits';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="colaboradores.xlsx"\r\nContent-Type: ${XLSX}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The definition check's `$ref` bomb: 5,000 references to the 31 KB question360new.json, 200 KB of body. */
export function refBomb(): string {
  return JSON.stringify({ definition: { type: 99, title: 'Bomba', questions: Array.from({ length: 5000 }, () => ({ $ref: 'question360new.json#' })) } });
}
