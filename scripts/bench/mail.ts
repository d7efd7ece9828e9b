/**
 * Benchmark of the e-mail queue: how fast a backlog of N queued evaluation e-mails (default 1,000)
 * drains, into the outbox table and into a local SMTP server (`smtp-server` on 127.0.0.1, in this
 * process, as the tests use), on a fresh in-memory PGlite and on a fresh database of the PostgreSQL
 * server of `postgresUrl` (dropped afterwards). The evaluations are created by the real route
 * (`POST /api/evaluation` of `buildApp`, one transaction per 1,000), which queues one `createEvaluation`
 * job each; the clock runs from the first commit to the last message stored or accepted, and every
 * evaluation must have exactly one message. A baseline row measures the first version's settings (one
 * job per poll, a 2 s poll) on a small backlog: that rate does not depend on N.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { count, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../../apps/server/src/app.ts';
import { outbox, users } from '../../apps/server/src/db/schema.ts';
import { DEFAULT_BATCH_SIZE, type QueueSettings } from '../../apps/server/src/jobs/queue.ts';
import { seed } from '../../apps/server/src/seed.ts';
import { freshDatabase } from '../lib/scratchDatabase.ts';

/** One measured drain. */
export interface MailBenchRow {
  backend: string;
  destination: 'outbox' | 'SMTP';
  /** How the queue ran: `batch 20` (this version) or `batch 1, 2 s poll` (the first version). */
  settings: string;
  emails: number;
  seconds: number;
  perMinute: number;
  /** Messages beyond one per evaluation (must be 0). */
  duplicates: number;
}

/** What to measure. */
export interface BenchMailOptions {
  /** E-mails in the backlog. Default 1,000. */
  count?: number;
  /** A PostgreSQL server URL (any database on it); absent: only PGlite is measured. */
  postgresUrl?: string;
  /** Backlog of the first version's baseline rows (PGlite); 0 skips them. Default 20 (about 40 s each). */
  baselineCount?: number;
  /** Jobs per batch of the measured rows (tuning). Default the app's `DEFAULT_BATCH_SIZE`. */
  batchSize?: number;
}

const admin = { email: 'admin@bench.avalia', password: 'Admin-bench-2024!' };
/** Upper bound of one drain before the benchmark gives up on it. */
const DRAIN_LIMIT_MS = 30 * 60 * 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A local SMTP server that accepts everything and counts messages by Message-ID (no parsing). */
async function countingSmtp(): Promise<{ url: string; received: () => number; distinct: () => number; close(): Promise<void> }> {
  const ids = new Map<string, number>();
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const head = Buffer.concat(chunks).toString('latin1', 0, 4096);
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? `missing-${received}`;
        ids.set(id, (ids.get(id) ?? 0) + 1);
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    distinct: () => ids.size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Queues `emails` evaluation e-mails through the API and times their drain. */
async function drain(
  emails: number,
  postgresUrl: string | undefined,
  destination: 'outbox' | 'SMTP',
  queue: Pick<QueueSettings, 'batchSize' | 'pollingIntervalSeconds'>,
): Promise<Omit<MailBenchRow, 'backend' | 'settings'>> {
  const smtp = destination === 'SMTP' ? await countingSmtp() : undefined;
  const { database, url, drop } = await freshDatabase(postgresUrl);
  const app = await buildApp({
    db: database.db,
    jwtSecret: randomBytes(32).toString('hex'),
    timeZone: 'America/Sao_Paulo',
    smtpUrl: smtp?.url,
    queue: { connectionString: url, ...queue },
  });
  try {
    await seed(database.db, { adminEmail: admin.email, adminPassword: admin.password, companyEmail: 'empresa@bench.avalia', companyPassword: 'Empresa-bench-2024!', timeZone: 'America/Sao_Paulo' });
    await app.ready();
    const signIn = await app.inject({ method: 'POST', url: '/api/sessions', payload: admin });
    const token = (signIn.json() as { token: string }).token;
    const employees = await database.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.typeAccount, 3));
    let started = 0;
    for (let from = 0; from < emails; from += 1000) {
      const items = Array.from({ length: Math.min(1000, emails - from) }, (_, index) => {
        const employee = employees[(from + index) % employees.length]!;
        return { user_id: employee.id, user_name: employee.name, type_evaluation: 13, validate: 30 };
      });
      const response = await app.inject({ method: 'POST', url: '/api/evaluation', payload: { users: items }, headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode !== 201) throw new Error(`POST /api/evaluation answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      // The jobs are visible from the commit, which the answer follows.
      if (from === 0) started = performance.now();
    }
    const stored = async () => {
      if (smtp) return smtp.received();
      const [row] = await database.db.select({ n: count() }).from(outbox).where(eq(outbox.kind, 'evaluation'));
      return Number(row!.n);
    };
    let ended = 0;
    for (;;) {
      if ((await stored()) >= emails) {
        ended = performance.now();
        break;
      }
      if (performance.now() - started > DRAIN_LIMIT_MS) throw new Error(`only ${await stored()} of ${emails} e-mails after ${DRAIN_LIMIT_MS / 1000} s`);
      await sleep(smtp ? 10 : 50);
    }
    // A moment for a duplicate to show up before counting.
    await sleep(1000);
    let distinct: number;
    let total: number;
    if (smtp) {
      total = smtp.received();
      distinct = smtp.distinct();
    } else {
      const rows = await database.db.selectDistinct({ evaluationId: outbox.evaluationId }).from(outbox).where(eq(outbox.kind, 'evaluation'));
      distinct = rows.length;
      total = await stored();
    }
    if (distinct !== emails) throw new Error(`${distinct} distinct e-mails for ${emails} evaluations`);
    const seconds = (ended - started) / 1000;
    return { destination, emails, seconds, perMinute: (emails / seconds) * 60, duplicates: total - distinct };
  } finally {
    await app.close();
    await drop();
    await smtp?.close();
  }
}

/**
 * Drains a backlog of `count` e-mails into the outbox and into SMTP, on PGlite and (with `postgresUrl`)
 * PostgreSQL with this version's queue settings, then the first version's settings on PGlite.
 */
export async function benchMail(options: BenchMailOptions = {}): Promise<MailBenchRow[]> {
  const emails = options.count ?? 1000;
  const baseline = options.baselineCount ?? 20;
  const rows: MailBenchRow[] = [];
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const current = `batch ${batchSize}, burst`;
  for (const [backend, postgresUrl] of [['PGlite', undefined], ...(options.postgresUrl ? [['PostgreSQL 15', options.postgresUrl]] : [])] as [string, string | undefined][]) {
    for (const destination of ['outbox', 'SMTP'] as const) {
      rows.push({ backend, settings: current, ...(await drain(emails, postgresUrl, destination, { batchSize })) });
    }
  }
  if (baseline > 0) {
    for (const destination of ['outbox', 'SMTP'] as const) {
      rows.push({ backend: 'PGlite', settings: 'batch 1, 2 s poll (first version)', ...(await drain(baseline, undefined, destination, { batchSize: 1, pollingIntervalSeconds: 2 })) });
    }
  }
  return rows;
}

/** The markdown table of `benchMail`'s rows, for the README. */
export function mailTable(rows: MailBenchRow[]): string[] {
  return [
    '**E-mail queue: draining a backlog of queued evaluation e-mails (`createEvaluation` jobs)**',
    '',
    '| database | to | queue | e-mails | seconds | e-mails/min | duplicates |',
    '|---|---|---|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.backend} | ${row.destination === 'SMTP' ? 'local SMTP server' : 'outbox table'} | ${row.settings} | ${row.emails.toLocaleString('en')} | ${row.seconds.toFixed(1)} | ${Math.round(row.perMinute).toLocaleString('en')} | ${row.duplicates} |`,
    ),
  ];
}
