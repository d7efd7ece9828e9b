/**
 * Benchmark of the PDF reports through the real server (PGlite, DEMO_RESULTS=0): the demo data is
 * seeded by a first start, the answers below are stored with the server stopped (one process per
 * PGlite data directory), and the restarted server answers, as the administrator:
 *
 * 1. `POST /api/dashboards/2/report`: the 360 report of one person rated by 10 colleagues (type 2,
 *    every statement question and the four free texts answered, one version);
 * 2. `POST /api/dashboards/-2/report`: the consolidated scanner of a sector of 50 people who each
 *    answered the five scanner tests (types 3, 4, 5, 6 and 9, answers of the golden fixture -2);
 * 3. the event loop: the p95 latency of `GET /api/companies` idle, then while 20 renderings of the 360
 *    report run at once.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { asc } from 'drizzle-orm';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { companies, evaluations, responses, sectors, userSectors, users } from '../../apps/server/src/db/schema.ts';
import { credentials, repoRoot, startAppServer, type AppServer } from '../lib/appServer.ts';
import { median, percentile } from '../lib/stats.ts';

/** The figures of one run. */
export interface ReportsBenchResult {
  backend: string;
  /** 360 report: evaluators, median ms over `rounds`, pages, bytes. */
  r360: { evaluators: number; ms: number; pages: number; bytes: number };
  /** Consolidated scanner: people, median ms, pages, bytes. */
  scanner: { people: number; ms: number; pages: number; bytes: number };
  /** Event loop: p95 of the light call idle and during `concurrent` renderings, and the renderings' wall time. */
  loop: { call: string; idleP95: number; busyP95: number; idleSamples: number; busySamples: number; concurrent: number; wallMs: number; failed: number };
  rounds: number;
}

type Answers = Record<string, string | string[]>;

const EVALUATORS = 10;
const TEXTS = [
  'Demonstra domínio técnico e disposição para ajudar a equipe em momentos de pressão; poderia delegar mais e acompanhar os prazos com mais antecedência.',
  'Comunica-se com clareza nas reuniões, mas nem sempre compartilha as decisões por escrito; recomendo registrar combinados e retomar pendências semanalmente.',
  'Tem iniciativa e propõe melhorias no processo; precisa ouvir mais as sugestões dos colegas antes de decidir.',
  'Nada a acrescentar além do que já foi dito; reconheço a evolução no último semestre.',
];

/** A 360 answer (question360new): a varied, repeatable set of statements per question, and the free texts. */
function answers360(evaluator: number): Answers {
  const answers: Answers = {};
  for (let question = 1; question <= 10; question += 1) {
    const ticked = new Set<number>();
    for (let k = 0; k < 3 + ((evaluator + question) % 4); k += 1) ticked.add(1 + ((evaluator * 7 + question * 3 + k * 5) % 12));
    answers[String(question)] = [...ticked].map((option) => `${question}.${option}`);
  }
  for (let text = 11; text <= 14; text += 1) answers[String(text)] = TEXTS[(evaluator + text) % TEXTS.length]!;
  return answers;
}

/** The scanner answers of the golden fixture -2, by type (one person's, alternating between its people). */
function scannerAnswers(): Map<number, Answers[]> {
  const fixture = JSON.parse(readFileSync(join(repoRoot, 'definitions/fixtures/dashboards/-2.json'), 'utf8')) as { evaluations: { type: number; responses?: Answers; done?: boolean }[] };
  const byType = new Map<number, Answers[]>();
  for (const evaluation of fixture.evaluations) {
    if (evaluation.done === false || !evaluation.responses) continue;
    byType.set(evaluation.type, [...(byType.get(evaluation.type) ?? []), evaluation.responses]);
  }
  for (const type of [3, 4, 5, 6, 9]) if (!byType.has(type)) throw new Error(`the fixture -2 has no answers of type ${type}`);
  return byType;
}

async function insertEvaluation(db: Database['db'], values: typeof evaluations.$inferInsert, answers: Answers): Promise<void> {
  const [row] = await db.insert(evaluations).values(values).returning({ id: evaluations.id });
  const items = Object.entries(answers).flatMap(([question, response]) => (Array.isArray(response) ? response : [response]).map((one) => ({ evaluationId: row!.id, question, response: one })));
  await db.insert(responses).values(items);
}

/** Stores the 360 evaluations and the scanner sector; the ids the calls need. */
async function store(dataDir: string, people: number): Promise<{ companyId: number; evaluatedId: number; sectorId: number }> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const db = database.db;
    return await db.transaction(async (tx) => {
      const [company] = await tx.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
      const companyId = company!.id;
      const expireAt = new Date(Date.now() + 30 * 86400000);
      const [evaluated, ...evaluators] = await tx
        .insert(users)
        .values(Array.from({ length: EVALUATORS + 1 }, (_, index) => ({ name: index === 0 ? 'Avaliada Bench 360' : `Avaliador Bench ${index}`, email: `bench360.${index}@bench.avalia`, typeAccount: 3, companyId })))
        .returning({ id: users.id });
      for (const [index, evaluator] of evaluators.entries()) {
        await insertEvaluation(tx, { userId: evaluator.id, rated: evaluated!.id, typeEvaluation: 2, version: 1, done: true, expireAt }, answers360(index));
      }
      const [sector] = await tx.insert(sectors).values({ companyId, sectorName: 'Bench scanner' }).returning({ id: sectors.id });
      const members = await tx
        .insert(users)
        .values(Array.from({ length: people }, (_, index) => ({ name: `Pessoa Scanner ${String(index + 1).padStart(2, '0')}`, email: `benchscanner.${index}@bench.avalia`, typeAccount: 3, companyId })))
        .returning({ id: users.id });
      await tx.insert(userSectors).values(members.map((member) => ({ userId: member.id, sectorId: sector!.id })));
      const byType = scannerAnswers();
      for (const [index, member] of members.entries()) {
        for (const [type, choices] of byType) {
          await insertEvaluation(tx, { userId: member.id, rated: member.id, ratedSector: sector!.id, typeEvaluation: type, done: true, expireAt }, choices[index % choices.length]!);
        }
      }
      return { companyId, evaluatedId: evaluated!.id, sectorId: sector!.id };
    });
  } finally {
    await database.close();
  }
}

/** The page count of a PDF: pdfinfo when installed, else its `/Type /Page` objects. */
function pageCount(pdf: Buffer): number {
  try {
    const file = join(tmpdir(), `avalia-bench-${process.pid}.pdf`);
    writeFileSync(file, pdf);
    try {
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      const pages = /^Pages:\s+(\d+)/m.exec(info);
      if (pages) return Number(pages[1]);
    } finally {
      rmSync(file, { force: true });
    }
  } catch {
    // No pdfinfo: count the page objects.
  }
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
}

async function signIn(server: AppServer): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/sessions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(credentials.admin) });
  if (!response.ok) throw new Error(`POST /api/sessions answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** One report call: its time and PDF; throws on anything but a PDF. */
async function report(server: AppServer, token: string, dashboard: number, body: unknown): Promise<{ ms: number; pdf: Buffer }> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/dashboards/${dashboard}/report`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const pdf = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (!response.ok || !response.headers.get('content-type')?.startsWith('application/pdf')) {
    throw new Error(`POST /api/dashboards/${dashboard}/report answered ${response.status} ${response.headers.get('content-type')}: ${pdf.toString('utf8').slice(0, 300)}`);
  }
  return { ms, pdf };
}

/** Measures a report `rounds` times after one warm-up; the median, and the PDF's pages. */
async function timeReport(server: AppServer, token: string, dashboard: number, body: unknown, rounds: number, pdfDir?: string): Promise<{ ms: number; pages: number; bytes: number }> {
  const first = await report(server, token, dashboard, body);
  if (pdfDir) writeFileSync(join(pdfDir, `dashboard${dashboard}.pdf`), first.pdf);
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) times.push((await report(server, token, dashboard, body)).ms);
  return { ms: median(times), pages: pageCount(first.pdf), bytes: first.pdf.length };
}

async function lightCall(server: AppServer, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/companies`, { headers: { Authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET /api/companies answered ${response.status}`);
  return performance.now() - started;
}

/** Runs the whole benchmark on PGlite; `pdfDir` keeps the two PDFs measured, to look at. */
export async function benchReports(options: { people?: number; rounds?: number; concurrent?: number; pdfDir?: string; log?: (text: string) => void } = {}): Promise<ReportsBenchResult> {
  const people = options.people ?? 50;
  const rounds = options.rounds ?? 7;
  const concurrent = options.concurrent ?? 20;
  const log = options.log ?? (() => undefined);
  const dataDir = mkdtempSync(join(tmpdir(), 'avalia-reports-'));
  try {
    const seeding = await startAppServer({ env: { DATA_DIR: dataDir } });
    await seeding.waitForLinks('estresse');
    await seeding.stop();
    const ids = await store(dataDir, people);
    const server = await startAppServer({ env: { DATA_DIR: dataDir } });
    try {
      const token = await signIn(server);
      const body360 = { company_id: ids.companyId, evaluated_id: ids.evaluatedId, version: 1 };
      log(`360 report of one person rated by ${EVALUATORS}, ${rounds} rounds`);
      const r360 = await timeReport(server, token, 2, body360, rounds, options.pdfDir);
      log(`consolidated scanner of ${people} people, ${rounds} rounds`);
      const scanner = await timeReport(server, token, -2, { company_id: ids.companyId, sector_id: ids.sectorId }, rounds, options.pdfDir);

      log(`event loop: GET /api/companies idle, then during ${concurrent} simultaneous 360 reports`);
      for (let warm = 0; warm < 20; warm += 1) await lightCall(server, token);
      const idle: number[] = [];
      for (let sample = 0; sample < 200; sample += 1) idle.push(await lightCall(server, token));
      const busy: number[] = [];
      let running = true;
      let failed = 0;
      const started = performance.now();
      const renderings = Promise.all(
        Array.from({ length: concurrent }, () =>
          report(server, token, 2, body360).catch((error: Error) => {
            failed += 1;
            log(`a concurrent report failed: ${error.message}`);
          }),
        ),
      ).finally(() => (running = false));
      while (running) busy.push(await lightCall(server, token));
      await renderings;
      const wallMs = performance.now() - started;
      idle.sort((a, b) => a - b);
      busy.sort((a, b) => a - b);
      return {
        backend: 'PGlite',
        r360: { evaluators: EVALUATORS, ...r360 },
        scanner: { people, ...scanner },
        loop: { call: 'GET /api/companies', idleP95: percentile(idle, 95), busyP95: percentile(busy, 95), idleSamples: idle.length, busySamples: busy.length, concurrent, wallMs, failed },
        rounds,
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The markdown table of a run. */
export function reportsTable(result: ReportsBenchResult): string[] {
  const { r360, scanner, loop } = result;
  const ratio = loop.busyP95 / loop.idleP95;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  return [
    `**PDF reports through \`POST /api/dashboards/{id}/report\` (${result.backend}, administrator; medians of ${result.rounds} after a warm-up), and the event loop while they render**`,
    '',
    '| measure | figure | budget |',
    '|---|---:|---:|',
    `| 360 report (\`/dashboards/2\`), 1 person rated by ${r360.evaluators}: ${r360.pages} pages, ${kb(r360.bytes)} | ${r360.ms.toFixed(0)} ms | ≤ 1,000 ms for 15 pages |`,
    `| consolidated scanner (\`/dashboards/-2\`), ${scanner.people} people × 5 tests: ${scanner.pages} pages, ${kb(scanner.bytes)} | ${scanner.ms.toFixed(0)} ms | ≤ 1,500 ms |`,
    `| \`${loop.call}\` p95, idle (${loop.idleSamples} calls) | ${loop.idleP95.toFixed(1)} ms | |`,
    `| \`${loop.call}\` p95 during ${loop.concurrent} simultaneous 360 reports (${loop.busySamples} calls, ${(loop.wallMs / 1000).toFixed(1)} s${loop.failed ? `, ${loop.failed} reports failed` : ''}) | ${loop.busyP95.toFixed(1)} ms | |`,
    `| ratio during / idle | **${ratio.toFixed(2)}×** | ≤ 2× |`,
  ];
}
