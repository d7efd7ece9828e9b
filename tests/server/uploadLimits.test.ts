import { once } from 'node:events';
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, setUpWorld, t } from './world.ts';

/*
 * Issue 23, item 1: a spreadsheet that inflates to hundreds of megabytes (a zip bomb built from the real
 * template) is refused before it is inflated, or as soon as it inflates past what it declares, in well
 * under a second and without the process's memory growing; a sheet with more rows than the limit is
 * read row by row and refused at the limit. The zips are written here by hand (local headers, central
 * directory, end record), so the declared sizes can lie.
 */

setUpWorld();

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1024 * 1024;
const SHEET = 'xl/worksheets/sheet1.xml';

/** One entry of a zip being written: its compressed bytes, CRC-32, real size and (optionally) a lying declared size. */
interface Part {
  name: string;
  compressed: Buffer;
  crc: number;
  size: number;
  declared?: number;
}

function deflated(name: string, data: Buffer): Part {
  return { name, compressed: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/** A DEFLATE zip of the parts, declaring each part's `declared` size (its real size unless told). */
function zip(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const declared = part.declared ?? part.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.compressed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.crc, 16);
    central.writeUInt32LE(part.compressed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
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

/**
 * The Colaboradores sheet XML: the template's own header row, then `rows` copies of one filled row
 * (`r` omitted, as the format allows, so every copy is byte-identical and compresses to almost nothing),
 * deflated as a stream so the test never holds the inflated text.
 */
async function hugeSheet(rows: number, row: string, after = ''): Promise<Part> {
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Nome</t></is></c><c r="B1" t="inlineStr"><is><t>Email</t></is></c><c r="C1" t="inlineStr"><is><t>Telefone</t></is></c>' +
      '<c r="D1" t="inlineStr"><is><t>Setor</t></is></c><c r="E1" t="inlineStr"><is><t>Cargo</t></is></c><c r="F1" t="inlineStr"><is><t>Id</t></is></c></row>',
  );
  const tail = Buffer.from(`${after}</sheetData></worksheet>`);
  // A row written with `{n}` is numbered (r="2", r="3"…, as Excel writes them); without, every copy is the same.
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

/** The real template's entries, deflated again, with the Colaboradores sheet replaced. */
function withSheet(entries: Map<string, Buffer>, sheet: Part): Buffer {
  return zip([...entries].map(([name, data]) => (name === SHEET ? sheet : deflated(name, data))));
}

function multipart(content: Buffer) {
  const boundary = '----avaliaUploadLimits';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="colaboradores.xlsx"\r\nContent-Type: ${XLSX}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A company user's upload (the attacker), with how long it took to answer. */
async function upload(content: Buffer) {
  const body = multipart(content);
  const started = performance.now();
  const response = await t.app.inject({ method: 'POST', url: `/api/users/excel/${demo.companyId}`, payload: body.payload, headers: { ...body.headers, ...bearer(companyToken) } });
  return { response, ms: performance.now() - started };
}

/** The growth of the process's resident memory while `work` runs, in MB, and its result. */
async function growth<T>(work: () => Promise<T>): Promise<{ mb: number; result: T }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { mb: (peak - before) / MB, result };
  } finally {
    clearInterval(sampler);
  }
}

/** A filled employee row of the template's six columns. */
const FILLED_ROW =
  '<row><c t="inlineStr"><is><t>Pessoa Repetida da Silva</t></is></c><c t="inlineStr"><is><t>repetida@demonstracao.com.br</t></is></c>' +
  '<c t="inlineStr"><is><t>11987654321</t></is></c><c t="inlineStr"><is><t>Comercial</t></is></c><c t="inlineStr"><is><t>Analista</t></is></c><c/></row>';

/** The same row as Excel writes it, numbered. */
const NUMBERED_ROW =
  '<row r="{n}"><c r="A{n}" t="inlineStr"><is><t>Pessoa Repetida da Silva</t></is></c><c r="B{n}" t="inlineStr"><is><t>repetida@demonstracao.com.br</t></is></c>' +
  '<c r="C{n}" t="inlineStr"><is><t>11987654321</t></is></c><c r="D{n}" t="inlineStr"><is><t>Comercial</t></is></c><c r="E{n}" t="inlineStr"><is><t>Analista</t></is></c><c r="F{n}"/></row>';

let template: Map<string, Buffer>;
/** The sheet inflating to about 250 MB (the bomb), honest about its size. */
let bombSheet: Part;

beforeAll(async () => {
  const response = await t.app.inject({ method: 'GET', url: `/api/users/excel/template/${demo.companyId}`, headers: bearer(companyToken) });
  expect(response.statusCode).toBe(200);
  const archive = await JSZip.loadAsync(response.rawPayload);
  template = new Map();
  for (const name of Object.keys(archive.files).sort()) {
    const file = archive.files[name]!;
    if (!file.dir) template.set(name, await file.async('nodebuffer'));
  }
  expect(template.has(SHEET)).toBe(true);
  bombSheet = await hugeSheet(Math.ceil((250 * MB) / FILLED_ROW.length), FILLED_ROW);
  expect(bombSheet.size).toBeGreaterThan(250 * MB);
  expect(bombSheet.compressed.length).toBeLessThan(10 * MB);
});

describe('POST /users/excel/:companyId against zip bombs (issue 23, item 1)', () => {
  it('refuses a sheet declaring 250 MB inflated before inflating it: 413 in under a second, memory flat', async () => {
    const bomb = withSheet(template, bombSheet);
    expect(bomb.length).toBeLessThan(10 * MB);
    const { mb, result } = await growth(() => upload(bomb));
    expect(result.response.statusCode, result.response.body).toBe(413);
    expect(result.response.json().message).toBe('A planilha é grande demais depois de descompactada: declara 251 MB, e o limite é 50 MB.');
    expect(result.ms).toBeLessThan(1000);
    expect(mb).toBeLessThan(100);
  });

  it('refuses a sheet whose declared size lies (30 KB declared, 250 MB inside) as soon as it inflates past it', async () => {
    const bomb = withSheet(template, { ...bombSheet, declared: 30 * 1024 });
    const { mb, result } = await growth(() => upload(bomb));
    expect(result.response.statusCode, result.response.body).toBe(413);
    expect(result.response.json().message).toBe('A planilha está corrompida: uma das suas partes descompacta para mais do que declara. Salve-a novamente como .xlsx e tente de novo.');
    expect(result.ms).toBeLessThan(1000);
    expect(mb).toBeLessThan(100);
  });

  it('reads the sheet row by row and stops at the row limit (20,000 employees): what follows is never parsed', async () => {
    // 25,000 filled rows, then broken XML: a reader that went past row 20,001 would answer 'corrompida'.
    const sheet = await hugeSheet(25_000, NUMBERED_ROW, '<row r="30000"><c r="A30000"></row>');
    const bomb = withSheet(template, sheet);
    const { mb, result } = await growth(() => upload(bomb));
    expect(result.response.statusCode, result.response.body).toBe(400);
    expect(result.response.json().message).toBe('A aba Colaboradores passa do limite de 20000 linhas preenchidas.');
    expect(result.ms).toBeLessThan(5000);
    expect(mb).toBeLessThan(100);
  });

  it('answers three bombs at once while a respondent keeps loading the questionnaire', async () => {
    const honest = withSheet(template, bombSheet);
    const lying = withSheet(template, { ...bombSheet, declared: 30 * 1024 });
    const link = demo.evaluations[0]!.id;
    let uploading = true;
    const respondent = async () => {
      const answers: { status: number; ms: number }[] = [];
      do {
        const started = performance.now();
        const response = await t.app.inject({ method: 'GET', url: `/api/evaluation/find/${link}` });
        answers.push({ status: response.statusCode, ms: performance.now() - started });
        // An in-process request can resolve without leaving the microtask queue: let the uploads' I/O run.
        await new Promise((resolve) => setImmediate(resolve));
      } while (uploading);
      return answers;
    };
    const { mb, result } = await growth(async () => {
      const reading = respondent();
      const uploads = await Promise.all([upload(honest), upload(lying), upload(honest)]);
      uploading = false;
      return { uploads, answers: await reading };
    });
    expect(result.uploads.map((one) => one.response.statusCode)).toEqual([413, 413, 413]);
    for (const one of result.uploads) expect(one.ms).toBeLessThan(1000);
    expect(result.answers.length).toBeGreaterThan(0);
    expect(result.answers.every((answer) => answer.status === 200)).toBe(true);
    expect(Math.max(...result.answers.map((answer) => answer.ms))).toBeLessThan(1000);
    expect(mb).toBeLessThan(100);
  });
});

describe('POST /users/excel/:companyId: genuine files still import', () => {
  it('imports a workbook whose relations name the sheets by absolute paths (as some writers do)', async () => {
    const relations = template.get('xl/_rels/workbook.xml.rels')!.toString('utf8');
    const absolute = relations.replace(/Target="worksheets\//g, 'Target="/xl/worksheets/');
    expect(absolute).not.toBe(relations);
    const file = zip([...template].map(([name, data]) => deflated(name, name === 'xl/_rels/workbook.xml.rels' ? Buffer.from(absolute) : data)));
    const { response } = await upload(file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().created).toEqual({ employees: 0, sectors: 0, positions: 0 });
  });
});

describe('POST /definitions/questionnaires/check: the same rule for a definition being previewed', () => {
  const check = (payload: string) =>
    t.app.inject({ method: 'POST', url: '/api/definitions/questionnaires/check', payload, headers: { ...bearer(adminToken), 'content-type': 'application/json' } });

  it('refuses a body over 256 KB before parsing it: 413 with the Portuguese message', async () => {
    const body = JSON.stringify({ definition: { title: 'x'.repeat(256 * 1024) } });
    const response = await check(body);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().message).toBe('A requisição é grande demais.');
  });

  it('refuses more than 100 references ($ref) before following any: 5,000 copies of a whole questionnaire are not expanded', async () => {
    // Each reference would be replaced by the 31 KB question360new.json: 150 MB of JSON from a 200 KB body.
    const body = JSON.stringify({ definition: { type: 99, title: 'Bomba', questions: Array.from({ length: 5000 }, () => ({ $ref: 'question360new.json#' })) } });
    expect(body.length).toBeLessThan(256 * 1024);
    const started = performance.now();
    const { mb, result } = await growth(() => check(body));
    const ms = performance.now() - started;
    expect(result.statusCode, result.body.slice(0, 300)).toBe(200);
    expect(result.json()).toEqual({ ok: false, errors: [{ pointer: '', message: 'A definição tem 5000 referências ($ref); o limite é 100.' }] });
    expect(ms).toBeLessThan(1000);
    expect(mb).toBeLessThan(100);
  });
});
