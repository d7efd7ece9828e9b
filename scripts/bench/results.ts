/**
 * Benchmark of a dashboard's data call: N answered PSS-14 evaluations of one company (default
 * 100,000, 14 answers each) on a fresh database, then the whole data of `/dash/13` for that company
 * (`dashboardData`, what `POST /api/dashboards/13/data` answers: the mean and its band, the
 * respondents per band, the count and the first page of the respondents table), against one bare
 * hand-written SQL `GROUP BY` that computes the same aggregate numbers. Both are run alternately; the
 * figure is the ratio of their medians. The two answers are checked equal.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { loadDefinitions } from '../../apps/server/src/definitions.ts';
import { rows } from '../../apps/server/src/db/rows.ts';
import { users } from '../../apps/server/src/db/schema.ts';
import { dashboardData } from '../../apps/server/src/results/dashboards.ts';
import { seed } from '../../apps/server/src/seed.ts';
import { allQuestions } from '../../engine/definition/questions.ts';
import { freshDatabase } from '../lib/scratchDatabase.ts';
import { median } from '../lib/stats.ts';

/** One database's figures. */
export interface ResultsBenchRow {
  backend: string;
  evaluations: number;
  answers: number;
  /** Median milliseconds of the dashboard's data call. */
  keyed: number;
  /** Median milliseconds of the bare query. */
  bare: number;
}

async function timeIt(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** Fills a fresh database and measures both queries `rounds` times each, alternating. */
export async function benchResults(options: { rows?: number; postgresUrl?: string; rounds?: number } = {}): Promise<ResultsBenchRow> {
  const count = options.rows ?? 100_000;
  const rounds = options.rounds ?? 5;
  const definitions = loadDefinitions();
  const definition = definitions.questionnaires.get(13)!;
  const dashboard = definitions.dashboards.get(13)!;
  const reversed = allQuestions(definition).flatMap(({ question }) => (question.kind === 'choice' && question.reverse ? [question.id] : []));
  const { database, drop } = await freshDatabase(options.postgresUrl);
  try {
    const db = database.db;
    await seed(db, { adminEmail: 'admin@bench.avalia', adminPassword: 'Admin-bench-2024!', companyEmail: 'empresa@bench.avalia', companyPassword: 'Empresa-bench-2024!', timeZone: 'America/Sao_Paulo' });
    const [employee] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.typeAccount, 3)).limit(1);
    // Answers from a hash of the evaluation and question: varied, repeatable, no client round trips.
    await db.execute(sql`insert into evaluations (user_id, rated, type_evaluation, done) select ${employee!.id}, ${employee!.id}, 13, true from generate_series(1, ${count})`);
    await db.execute(sql`
      insert into responses (evaluation_id, question, response)
      select e.id, q::text, (abs(hashtext(e.id::text || q::text)) % 5)::text
      from evaluations e cross join generate_series(1, 14) as q
      where e.type_evaluation = 13 and e.done`);
    await db.execute(sql`analyze`);
    const classification = definition.scoring!.classification!;
    const keyed = () => dashboardData(db, definitions, dashboard, { company_id: employee!.companyId! });
    const bands = classification.bands;
    const bare = () =>
      rows<Record<string, number>>(
        db,
        sql`
        select count(*)::int as n, avg(t)::double precision as mean,
          count(*) filter (where t < ${bands[0]!.below!})::int as b0,
          count(*) filter (where t >= ${bands[0]!.below!} and t < ${bands[1]!.below!})::int as b1,
          count(*) filter (where t >= ${bands[1]!.below!} and t < ${bands[2]!.below!})::int as b2,
          count(*) filter (where t >= ${bands[2]!.below!})::int as b3
        from (
          select e.id, coalesce(sum(case when r.question in (${sql.join(reversed.map((id) => sql`${id}`), sql`, `)}) then 4 - r.response::int else r.response::int end), 0) as t
          from evaluations e left join responses r on r.evaluation_id = e.id
          where e.type_evaluation = 13 and e.done and e.company_id = ${employee!.companyId!}
          group by e.id
        ) scored`,
      );
    // Same numbers, or the comparison means nothing.
    const data = await keyed();
    const mean = Number(data.datasets.summary!.rows[0]!.value);
    const perBand = data.datasets.bands!.rows.map((row) => Number(row.value));
    const theirs = (await bare())[0]!;
    if (data.respondents !== Number(theirs.n) || Math.abs(mean - Number(theirs.mean)) > 1e-9 || perBand.join() !== [theirs.b0, theirs.b1, theirs.b2, theirs.b3].map(Number).join()) {
      throw new Error(`the two queries disagree: ${JSON.stringify({ n: data.respondents, mean, perBand })} against ${JSON.stringify(theirs)}`);
    }
    if (data.datasets.respondents!.total !== count || data.datasets.respondents!.rows.length !== 100) throw new Error('the respondents table is not paged');
    const keyedTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      keyedTimes.push(await timeIt(keyed));
      bareTimes.push(await timeIt(bare));
    }
    return { backend: options.postgresUrl ? 'PostgreSQL 15' : 'PGlite', evaluations: count, answers: count * 14, keyed: median(keyedTimes), bare: median(bareTimes) };
  } finally {
    await drop();
  }
}

/** The markdown table of some runs. */
export function resultsTable(rows: ResultsBenchRow[]): string[] {
  return [
    '**A dashboard\'s data call (`/dash/13`: mean PSS-14 score and band, respondents per band, the count and the first page of respondents) against one bare hand-written `GROUP BY` computing the same aggregates (medians, alternating)**',
    '',
    '| database | evaluations | answers | data call | bare SQL | ratio (budget ≤ 2×) |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row.backend} | ${row.evaluations.toLocaleString('en')} | ${row.answers.toLocaleString('en')} | ${row.keyed.toFixed(0)} ms | ${row.bare.toFixed(0)} ms | **${(row.keyed / row.bare).toFixed(2)}×** |`),
  ];
}
