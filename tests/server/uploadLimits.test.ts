import { beforeAll, describe, expect, it } from 'vitest';
import {
  bombSheet as buildBombSheet,
  BROKEN_DEFLATE,
  deflated,
  LYING_DECLARED,
  lyingBrokenSheet,
  MB,
  multipart,
  refBomb,
  rowLimitSheet,
  SHEET,
  templateEntries,
  withSheet,
  zip,
  type Part,
} from '../../scripts/lib/zipBombs.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, setUpWorld, t } from './world.ts';

/*
 * Issue 23, item 1: a spreadsheet that inflates to hundreds of megabytes (a zip bomb built from the real
 * template, `scripts/lib/zipBombs.ts`) is refused from its central directory before anything is inflated,
 * or stopped at the ceiling of what it declares; a sheet with more rows than the limit is read row by row
 * and refused at the limit. What is proved here is what the server answers, each answer telling which
 * check stopped the bomb; how long it took and how much memory the server used are measured by
 * `npm run hostile -- --only=bombs` (README, Security), not asserted.
 */

setUpWorld();

/** A company user's upload (the attacker). */
function upload(content: Buffer) {
  const body = multipart(content);
  return t.app.inject({ method: 'POST', url: `/api/users/excel/${demo.companyId}`, payload: body.payload, headers: { ...body.headers, ...bearer(companyToken) } });
}

let template: Map<string, Buffer>;
/** The sheet inflating to about 250 MB (the bomb), honest about its size. */
let bombSheet: Part;

beforeAll(async () => {
  const response = await t.app.inject({ method: 'GET', url: `/api/users/excel/template/${demo.companyId}`, headers: bearer(companyToken) });
  expect(response.statusCode).toBe(200);
  template = await templateEntries(response.rawPayload);
  expect(template.has(SHEET)).toBe(true);
  bombSheet = await buildBombSheet();
  expect(bombSheet.size).toBeGreaterThan(250 * MB);
  expect(bombSheet.compressed.length).toBeLessThan(10 * MB);
});

/** The answer to a bomb whose size the central directory declares: nothing was inflated to give it. */
const DECLARED_TOO_BIG = 'A planilha é grande demais depois de descompactada: declara 251 MB, e o limite é 50 MB.';
/** The answer to a part that inflated past its declared size: the inflation stopped at that ceiling. */
const SIZE_LIES = 'A planilha está corrompida: uma das suas partes descompacta para mais do que declara. Salve-a novamente como .xlsx e tente de novo.';

describe('POST /users/excel/:companyId against zip bombs (issue 23, item 1)', () => {
  it('refuses a sheet declaring 250 MB inflated from the central directory, before inflating it: 413', async () => {
    const bomb = withSheet(template, bombSheet);
    expect(bomb.length).toBeLessThan(10 * MB);
    const response = await upload(bomb);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().message).toBe(DECLARED_TOO_BIG);
    // The same declared sizes over DEFLATE data that breaks at once: the same answer, so nothing was inflated to give it.
    const broken = await upload(withSheet(template, { ...bombSheet, compressed: BROKEN_DEFLATE }));
    expect(broken.statusCode, broken.body).toBe(413);
    expect(broken.json().message).toBe(DECLARED_TOO_BIG);
  });

  it('refuses a sheet whose declared size lies (30 KB declared, 250 MB inside) at the ceiling of its declared size', async () => {
    const bomb = withSheet(template, { ...bombSheet, declared: LYING_DECLARED });
    const response = await upload(bomb);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().message).toBe(SIZE_LIES);
  });

  it('stops inflating a part that lies at the ceiling of its declared size: DEFLATE data broken past it is never reached', async () => {
    // 30 KB declared, 1.3 MB of valid rows, then an invalid block: inflated past the ceiling, the break would answer 'corrompida'.
    const response = await upload(withSheet(template, lyingBrokenSheet()));
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().message).toBe(SIZE_LIES);
  });

  it('reads the sheet row by row and stops at the row limit (20,000 employees): what follows is never parsed', async () => {
    // 25,000 filled rows, then broken XML: a reader that went past row 20,001 would answer 'corrompida'.
    const bomb = withSheet(template, await rowLimitSheet());
    const response = await upload(bomb);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe('A aba Colaboradores passa do limite de 20000 linhas preenchidas.');
  });

  it('answers three bombs at once while a respondent keeps loading the questionnaire', async () => {
    const honest = withSheet(template, bombSheet);
    const lying = withSheet(template, { ...bombSheet, declared: LYING_DECLARED });
    const link = demo.evaluations[0]!.id;
    let uploading = true;
    const respondent = async () => {
      const statuses: number[] = [];
      do {
        statuses.push((await t.app.inject({ method: 'GET', url: `/api/evaluation/find/${link}` })).statusCode);
        // An in-process request can resolve without leaving the microtask queue: let the uploads' I/O run.
        await new Promise((resolve) => setImmediate(resolve));
      } while (uploading);
      return statuses;
    };
    const reading = respondent();
    const uploads = await Promise.all([upload(honest), upload(lying), upload(honest)]);
    uploading = false;
    const statuses = await reading;
    expect(uploads.map((one) => one.statusCode)).toEqual([413, 413, 413]);
    expect(uploads.map((one) => one.json().message)).toEqual([DECLARED_TOO_BIG, SIZE_LIES, DECLARED_TOO_BIG]);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});

describe('POST /users/excel/:companyId: genuine files still import', () => {
  it('imports a workbook whose relations name the sheets by absolute paths (as some writers do)', async () => {
    const relations = template.get('xl/_rels/workbook.xml.rels')!.toString('utf8');
    const absolute = relations.replace(/Target="worksheets\//g, 'Target="/xl/worksheets/');
    expect(absolute).not.toBe(relations);
    const file = zip([...template].map(([name, data]) => deflated(name, name === 'xl/_rels/workbook.xml.rels' ? Buffer.from(absolute) : data)));
    const response = await upload(file);
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
    const body = refBomb();
    expect(body.length).toBeLessThan(256 * 1024);
    const response = await check(body);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    // The count of references, made before any is followed: the only error, so none was expanded to be validated.
    expect(response.json()).toEqual({ ok: false, errors: [{ pointer: '', message: 'A definição tem 5000 referências ($ref); o limite é 100.' }] });
  });
});
