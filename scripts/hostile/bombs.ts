/**
 * `npm run hostile -- --only=bombs`: the zip bombs of issue 23 (item 1) sent to the real server over
 * HTTP, measured: how long each upload takes to be refused and how much the server process's resident
 * memory grows meanwhile. `tests/server/uploadLimits.test.ts` proves what the server answers (the same
 * bombs, `scripts/lib/zipBombs.ts`); the time and memory are measured here, not asserted there.
 *
 * The demo company's user downloads the real template (`GET /api/users/excel/template/{companyId}`) and
 * uploads (`POST /api/users/excel/{companyId}`): the template itself (the control, 200); the sheet
 * replaced by 250 MB of repeated rows, honest about its size (413 from the central directory); the same
 * declaring 30 KB (413 at the ceiling of the declared size); 30 KB declared over DEFLATE data broken after
 * 1.3 MB (413: the break is never reached); 25,000 numbered rows followed by broken XML (400 at the row
 * limit); and three bombs at once (honest, lying, honest) while a respondent keeps loading its
 * questionnaire (`GET /api/evaluation/find/{id}`, one request after another, each from its own address).
 * The administrator also sends the definition check a 5,000-`$ref` body (refused before expanding).
 *
 * Memory: the server's Node process (the spawned pid, checked by its `/proc/{pid}/cmdline`; under a
 * wrapper, the descendant running the server's entry point) is read from `/proc/{pid}/status`: `VmRSS`
 * before each upload, `VmHWM` (the peak) after it, the peak first reset to the current size by writing
 * 5 to `/proc/{pid}/clear_refs` (when the kernel refuses, the peak since start-up is read instead, and
 * the report says so). Linux only.
 *
 * Fails (exit 1) on a wrong status or message, a 5xx, a respondent's request not answered 200, or a
 * connection error; the times and memory are figures only.
 *
 * Options: `--runs=N` (default 3) uploads of each bomb (their median and maximum are reported),
 * `--postgres` (a scratch PostgreSQL database instead of PGlite).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MAX_EMPLOYEE_ROWS, MAX_UNZIPPED_BYTES, SHEETS } from '../../apps/server/src/spreadsheets/layout.ts';
import { format, messages } from '../../engine/messages.ts';
import { credentials, serverEntry } from '../lib/appServer.ts';
import { median } from '../lib/stats.ts';
import { bombSheet, LYING_DECLARED, lyingBrokenSheet, MB, multipart, refBomb, rowLimitSheet, SHEET, templateEntries, withSheet, type Part } from '../lib/zipBombs.ts';
import type { HostileOptions, HostilePart, HostileReport } from './report.ts';
import { signIn, startTarget, type Answer, type Target } from './target.ts';

/** The server's Node process: `pid` when it runs the entry point, else the first descendant that does. */
function nodePid(pid: number): number {
  const queue = [pid];
  while (queue.length > 0) {
    const candidate = queue.shift()!;
    const command = readFileSync(`/proc/${candidate}/cmdline`, 'utf8').split('\0');
    if (basename(command[0] ?? '').startsWith('node') && command.some((arg) => arg.endsWith(serverEntry))) return candidate;
    for (const task of readdirSync(`/proc/${candidate}/task`)) {
      queue.push(...readFileSync(`/proc/${candidate}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
    }
  }
  throw new Error(`no node process running ${serverEntry} under pid ${pid}`);
}

/** A `kB` line of `/proc/{pid}/status`, in bytes. */
function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/** Resets the process's peak resident size to its current one; false when the kernel refuses. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** One measured piece of work: its result, its wall time, the resident size before and the peak during it. */
interface Measured<T> {
  result: T;
  ms: number;
  before: number;
  peak: number;
}

/** One line of the table: what was sent, and what its runs got. */
interface Row {
  label: string;
  sent: number;
  runs: Measured<Answer[]>[];
  /** The respondent's answers during the runs (three at once only). */
  respondent?: Answer[];
}

const mb = (bytes: number) => (bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0);
/** A size sent: KB under 1 MB. */
const size = (bytes: number) => (bytes < MB ? `${Math.round(bytes / 1024)} KB` : `${mb(bytes)} MB`);
const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

/** What the attack found: the table's rows, the respondent's answers, the server's size at the start. */
interface Findings {
  rows: Row[];
  /** The respondent's answers alone, before the three bombs at once. */
  alone: Answer[];
  /** The respondent's answers beside the three bombs at once. */
  beside: Answer[];
  startRss: number;
  /** Whether the kernel let the peak be reset before each upload. */
  peakReset: boolean;
  failures: string[];
}

/** Sends each bomb `runs` times to the started server, measuring each upload. */
async function attack(target: Target, options: HostileOptions, runs: number): Promise<Findings> {
  const failures: string[] = [];
  const pid = nodePid(target.server.pid);
  options.log(`${target.backend}; processo Node do servidor: pid ${pid}${pid === target.server.pid ? ' (o próprio processo iniciado)' : ` (descendente de ${target.server.pid})`}`);
  let peakReset = true;
  const measure = async <T>(work: () => Promise<T>): Promise<Measured<T>> => {
    peakReset = resetPeak(pid) && peakReset;
    const before = statusBytes(pid, 'VmRSS');
    const start = performance.now();
    const result = await work();
    const elapsed = performance.now() - start;
    return { result, ms: elapsed, before, peak: statusBytes(pid, 'VmHWM') };
  };
  const company = await signIn(target, credentials.company.email, credentials.company.password);
  const admin = await signIn(target, credentials.admin.email, credentials.admin.password);
  const companyId = company.companyId!;
  const link = target.server.links().find((candidate) => candidate.slug === 'estresse')!;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const startRss = statusBytes(pid, 'VmRSS');

  // (`target.send` reads bodies as text: the template's bytes are fetched.)
  const download = await fetch(`${target.server.baseUrl}/api/users/excel/template/${companyId}`, { headers: auth(company.token) });
  if (download.status !== 200) throw new Error(`the template answered ${download.status}`);
  const templateBytes = Buffer.from(await download.arrayBuffer());
  const template = await templateEntries(templateBytes);
  const big = await bombSheet();
  const declaredMb = (sheet: Part) => Math.ceil([...template].reduce((sum, [name, data]) => sum + (name === SHEET ? sheet.size : data.length), 0) / MB);
  const tooBig = format(messages.spreadsheet.tooBigUnzipped, { mb: declaredMb(big), max: MAX_UNZIPPED_BYTES / MB });
  const honest = withSheet(template, big);
  const lying = withSheet(template, { ...big, declared: LYING_DECLARED });

  const upload = (content: Buffer) => {
    const body = multipart(content);
    return target.send({ method: 'POST', path: `/api/users/excel/${companyId}`, headers: { ...body.headers, ...auth(company.token) }, body: body.payload });
  };
  /** Checks each answer against its expected status and message. */
  const check = (label: string, answers: Answer[], expected: { status: number; message?: string }[]) => {
    answers.forEach((answer, index) => {
      const want = expected[index]!;
      const message = want.message === undefined ? undefined : (JSON.parse(answer.body) as { message?: string }).message;
      if (answer.status >= 500 || answer.status !== want.status || message !== want.message) {
        failures.push(`${label}: ${answer.status} ${answer.body.slice(0, 160)} (esperado ${want.status}${want.message ? ` '${want.message}'` : ''})`);
      }
    });
  };

  const uploads: { label: string; content: Buffer; status: number; message?: string }[] = [
    { label: 'o modelo verdadeiro (controle)', content: templateBytes, status: 200 },
    { label: `${mb(big.size)} MB honesta`, content: honest, status: 413, message: tooBig },
    { label: `${mb(big.size)} MB declarando 30 KB`, content: lying, status: 413, message: messages.spreadsheet.sizeLies },
    { label: '30 KB declarados, DEFLATE quebrado depois de 1,3 MB', content: withSheet(template, lyingBrokenSheet()), status: 413, message: messages.spreadsheet.sizeLies },
    {
      label: '25.000 linhas numeradas e XML quebrado',
      content: withSheet(template, await rowLimitSheet()),
      status: 400,
      message: format(messages.spreadsheet.tooManyRows, { sheet: SHEETS.employees.name, max: MAX_EMPLOYEE_ROWS }),
    },
  ];
  const rows: Row[] = [];
  for (const one of uploads) {
    const row: Row = { label: one.label, sent: one.content.length, runs: [] };
    for (let index = 0; index < runs; index += 1) {
      const measured = await measure(async () => [await upload(one.content)]);
      check(one.label, measured.result, [one]);
      row.runs.push(measured);
    }
    rows.push(row);
    options.log(`${one.label}: ${row.runs.map((measured) => `${measured.result[0]!.status} ${ms(measured.ms)} ms`).join(', ')}`);
  }

  // The respondent alone first, for reference; then beside three bombs at once.
  const find = () => target.send({ method: 'GET', path: `/api/evaluation/find/${link.id}` });
  const alone: Answer[] = [];
  for (let index = 0; index < 50; index += 1) alone.push(await find());
  if (alone.some((answer) => answer.status !== 200)) failures.push(`respondente sozinho: ${alone.map((answer) => answer.status).join(', ')}`);
  const together: Row = { label: 'três ao mesmo tempo (honesta, 30 KB, honesta)', sent: 2 * honest.length + lying.length, runs: [], respondent: [] };
  for (let index = 0; index < runs; index += 1) {
    let uploading = true;
    const reading = (async () => {
      const answers: Answer[] = [];
      do answers.push(await find());
      while (uploading);
      return answers;
    })();
    const measured = await measure(async () => {
      const answers = await Promise.all([upload(honest), upload(lying), upload(honest)]);
      uploading = false;
      return answers;
    });
    const answers = await reading;
    check(together.label, measured.result, [
      { status: 413, message: tooBig },
      { status: 413, message: messages.spreadsheet.sizeLies },
      { status: 413, message: tooBig },
    ]);
    if (answers.some((answer) => answer.status !== 200)) failures.push(`respondente durante as bombas: ${answers.map((answer) => answer.status).join(', ')}`);
    together.runs.push(measured);
    together.respondent!.push(...answers);
  }
  rows.push(together);

  const definition = refBomb();
  const refRow: Row = { label: 'definição com 5.000 $ref', sent: definition.length, runs: [] };
  for (let index = 0; index < runs; index += 1) {
    const measured = await measure(async () => [
      await target.send({ method: 'POST', path: '/api/definitions/questionnaires/check', headers: { ...auth(admin.token), 'content-type': 'application/json' }, body: definition }),
    ]);
    const answer = measured.result[0]!;
    const want = JSON.stringify({ ok: false, errors: [{ pointer: '', message: format(messages.definitionCheck.tooManyReferences, { count: 5000, max: 100 }) }] });
    if (answer.status !== 200 || answer.body !== want) failures.push(`$ref: ${answer.status} ${answer.body.slice(0, 160)}`);
    refRow.runs.push(measured);
  }
  rows.push(refRow);
  return { rows, alone, beside: together.respondent!, startRss, peakReset, failures };
}

/** The findings as markdown for the README. */
function report(findings: Findings, backend: string, runs: number, seconds: number): HostileReport {
  const { rows, alone, beside, startRss, peakReset, failures } = findings;
  const statuses = (row: Row) => [...new Set(row.runs.flatMap((measured) => measured.result.map((answer) => answer.status)))].join(', ');
  const lines = rows.map((row) => {
    const times = row.runs.map((measured) => measured.ms);
    const growth = Math.max(...row.runs.map((measured) => measured.peak - measured.before));
    return `| ${row.label} | ${size(row.sent)} | ${statuses(row)} | ${ms(median(times))} / ${ms(Math.max(...times))} | ${mb(Math.max(0, growth))} MB |`;
  });
  const times = (answers: Answer[]) => `${ms(median(answers.map((answer) => answer.ms)))} / ${ms(Math.max(...answers.map((answer) => answer.ms)))} ms`;
  const markdown = [
    `${runs} envio(s) de cada bomba pela rede ao servidor real (${backend}), montadas a partir do modelo baixado; memória do processo Node do servidor ` +
      `(\`/proc/{pid}/status\`: VmRSS antes, VmHWM depois${peakReset ? ', o pico zerado antes de cada envio' : '; o kernel recusou zerar o pico: VmHWM desde o início'}), ` +
      `${mb(startRss)} MB residentes no início. ${seconds.toFixed(0)} s ao todo.`,
    '',
    '| envio | tamanho enviado | status | ms (mediana / máx.) | crescimento da memória (máx.) |',
    '|---|---:|---|---:|---:|',
    ...lines,
    '',
    `Respondente durante as três bombas: ${beside.length} pedidos \`GET /api/evaluation/find/{id}\`, ${beside.filter((answer) => answer.status === 200).length} com 200, ` +
      `mediana / máx. ${times(beside)} (sozinho, ${alone.length} pedidos: ${times(alone)}).`,
  ].join('\n');
  return { part: 'bombs', title: `Bombas de zip e de $ref (${backend})`, markdown, failures };
}

async function run(options: HostileOptions): Promise<HostileReport> {
  const runs = Math.max(1, options.number('runs', 3));
  const started = Date.now();
  const target = await startTarget(options);
  let findings: Findings;
  try {
    findings = await attack(target, options, runs);
  } finally {
    await target.stop();
  }
  return report(findings, target.backend, runs, (Date.now() - started) / 1000);
}

export const bombs: HostilePart = {
  name: 'bombs',
  summary: 'bombas de zip (250 MB honesta, mentindo o tamanho, linhas além do limite, três de uma vez com um respondente) e de $ref: status, ms e memória do servidor (--runs, --postgres)',
  run,
};
