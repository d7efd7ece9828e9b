/**
 * Benchmark of the two comparison features of the results (issue 26), each against one bare
 * hand-written SQL `GROUP BY` computing the same numbers; the budget is at most 2× the bare query.
 *
 * 1. The heatmap by sector: N answered psychological-safety evaluations (type 16, default 100,000) of
 *    one company, by distinct people spread over 50 sectors (two of them of one person, so the
 *    anonymity minimum and the complementary suppression both hide sectors), then the dataset
 *    `bySector` of `/dash/16` (per sector: respondents, the mean of 'media' and of each statement)
 *    through the product (`computeDatasets`: the view's editions, then `computeViewDatasets`).
 * 2. The comparison of rounds: two rounds (cycles) of M answered PSS-14 evaluations each (default
 *    50,000, by the same people), then the dataset `byCycle` of `/dash/13` with the latest round chosen
 *    (the mean total and the respondents once per round).
 *
 * Everything is generated in SQL (`generate_series`, answers from a hash: varied, repeatable). The two
 * answers of each pair are checked equal before timing; then they run alternately and the figures are
 * medians.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Row } from '../../engine/definition/dashboard.ts';
import { allQuestions } from '../../engine/definition/questions.ts';
import { loadDefinitions } from '../../apps/server/src/definitions.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import { rows } from '../../apps/server/src/db/rows.ts';
import { computeDatasets } from '../../apps/server/src/results/dashboards.ts';
import { freshDatabase } from '../lib/scratchDatabase.ts';
import { median } from '../lib/stats.ts';

/** One feature's figures on one database. */
export interface ComparisonBenchRow {
  feature: string;
  backend: string;
  evaluations: number;
  /** Median milliseconds of the product's dataset. */
  product: number;
  /** Median milliseconds of the bare query. */
  bare: number;
}

const SECTORS = 50;
/** Sectors of one person each (the last ones): under the minimum, and one more hidden as their complement. */
const TINY_SECTORS = 2;

async function timeIt(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const close = (a: unknown, b: unknown) => Math.abs(Number(a) - Number(b)) <= 1e-9;

/** What `fillComparisons` made: the company, and the round of the PSS-14 answered first and second. */
export interface ComparisonData {
  companyId: number;
  firstRound: number;
  secondRound: number;
}

/**
 * Fills a migrated, empty database: one company, 50 sectors (people spread evenly over the first 48,
 * one person alone in each of the last two), `people` people each with an answered psychological
 * safety evaluation, and the first `perRound` of them with an answered PSS-14 in each of two rounds.
 */
export async function fillComparisons(db: Db, people: number, perRound: number): Promise<ComparisonData> {
  const safetyItems = 7;
  const [company] = await rows<{ id: number }>(db, sql`insert into companies (commercial_name, company_name) values ('Empresa Bench', 'Empresa Bench Ltda') returning id`);
  const companyId = Number(company!.id);
  // 50 sectors named so that their names sort as their ids; people spread evenly over the first 48,
  // one person alone in each of the last two.
  await db.execute(sql`insert into sectors (company_id, sector_name) select ${companyId}, 'Setor ' || lpad(g::text, 2, '0') from generate_series(1, ${SECTORS}) g`);
  await db.execute(sql`
    insert into users (name, email, type_account, company_id)
    select 'Pessoa ' || g, 'pessoa' || g || '@bench.avalia', 3, ${companyId} from generate_series(1, ${people}) g`);
  await db.execute(sql`
    insert into user_sectors (user_id, sector_id)
    select u.id, s.id from (select id, row_number() over (order by id) as i from users where company_id = ${companyId}) u
    join (select id, row_number() over (order by id) as j from sectors where company_id = ${companyId}) s
      on s.j = case when u.i <= ${TINY_SECTORS} then ${SECTORS - TINY_SECTORS} + u.i else (u.i - ${TINY_SECTORS + 1}) % ${SECTORS - TINY_SECTORS} + 1 end`);
  const cycle = async (name: string, types: number[], opensOn: string) =>
    Number((await rows<{ id: number }>(db, sql`insert into cycles (company_id, name, types, opens_on) values (${companyId}, ${name}, ${`{${types.join(',')}}`}::int[], ${opensOn}::date) returning id`))[0]!.id);
  const safetyCycle = await cycle('Segurança psicológica 2026', [16], '2026-03-01');
  const firstRound = await cycle('Estresse 2026 – 1º semestre', [13], '2026-01-10');
  const secondRound = await cycle('Estresse 2026 – 2º semestre', [13], '2026-07-10');
  // Every person answers the psychological safety once; the first `perRound` people answer the PSS-14 in both rounds.
  await db.execute(sql`
    insert into evaluations (user_id, rated, type_evaluation, done, company_id, cycle_id)
    select id, id, 16, true, ${companyId}, ${safetyCycle} from users where company_id = ${companyId}`);
  for (const round of [firstRound, secondRound]) {
    await db.execute(sql`
      insert into evaluations (user_id, rated, type_evaluation, done, company_id, cycle_id)
      select id, id, 13, true, ${companyId}, ${round} from users where company_id = ${companyId} order by id limit ${perRound}`);
  }
  // Answers from a hash of the evaluation and question: 1..5 for the psychological safety, 0..4 for the PSS-14.
  await db.execute(sql`
    insert into responses (evaluation_id, question, response)
    select e.id, q::text, (1 + abs(hashtext(e.id::text || q::text)) % 5)::text
    from evaluations e cross join generate_series(1, ${safetyItems}) as q
    where e.type_evaluation = 16 and e.company_id = ${companyId}`);
  await db.execute(sql`
    insert into responses (evaluation_id, question, response)
    select e.id, q::text, (abs(hashtext(e.id::text || q::text)) % 5)::text
    from evaluations e cross join generate_series(1, 14) as q
    where e.type_evaluation = 13 and e.company_id = ${companyId}`);
  await db.execute(sql`analyze`);
  return { companyId, firstRound, secondRound };
}

/** Fills a fresh database and measures the heatmap and the comparison of rounds, `rounds` times each side, alternating. */
export async function benchComparisons(options: { people?: number; perRound?: number; postgresUrl?: string; rounds?: number; log?: (text: string) => void } = {}): Promise<ComparisonBenchRow[]> {
  const people = options.people ?? 100_000;
  const perRound = Math.min(options.perRound ?? 50_000, people);
  const rounds = options.rounds ?? 5;
  const log = options.log ?? (() => undefined);
  const backend = options.postgresUrl ? 'PostgreSQL' : 'PGlite';
  const definitions = loadDefinitions();
  const safety = definitions.questionnaires.get(16)!;
  const pss14 = definitions.questionnaires.get(13)!;
  const reversedOf = (definition: typeof safety) => allQuestions(definition).flatMap(({ question }) => (question.kind === 'choice' && question.reverse ? [question.id] : []));
  const safetyItems = allQuestions(safety).flatMap(({ question }) => (question.kind === 'choice' ? [question.id] : []));
  const safetyReversed = reversedOf(safety);
  const pssReversed = reversedOf(pss14);
  const list = (ids: string[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const { database, drop } = await freshDatabase(options.postgresUrl);
  try {
    const db = database.db;
    const generating = performance.now();
    const { companyId, firstRound, secondRound } = await fillComparisons(db, people, perRound);
    log(`${backend}: ${people} psychological safety and 2 × ${perRound} PSS-14 evaluations generated in ${((performance.now() - generating) / 1000).toFixed(1)} s`);

    // 1. The heatmap by sector.
    const heatmapView = definitions.dashboards.get(16)!;
    const heatmapProduct = async () => (await computeDatasets(db, definitions, heatmapView, { company_id: companyId }, ['bySector'])).get('bySector')!;
    const item = (id: string) => (safetyReversed.includes(id) ? sql`6 - r.response::int` : sql`r.response::int`);
    const heatmapBare = () =>
      rows<Record<string, number | string>>(
        db,
        sql`
        select s.id as sector, count(*)::int as n, avg(x.media)::double precision as media,
          ${sql.join(safetyItems.map((id) => sql`avg(${sql.identifier(`i${id}`)})::double precision as ${sql.identifier(`i${id}`)}`), sql`, `)}
        from (
          select e.user_id, avg(case when r.question in (${list(safetyReversed)}) then 6 - r.response::int else r.response::int end) as media,
            ${sql.join(safetyItems.map((id) => sql`max(case when r.question = ${id} then ${item(id)} end) as ${sql.identifier(`i${id}`)}`), sql`, `)}
          from evaluations e join responses r on r.evaluation_id = e.id and r.question in (${list(safetyItems)})
          where e.type_evaluation = 16 and e.done and e.company_id = ${companyId}
          group by e.id
        ) x join user_sectors us on us.user_id = x.user_id join sectors s on s.id = us.sector_id
        group by s.id order by s.id`,
      );
    checkHeatmap(await heatmapProduct(), await heatmapBare(), safetyItems);

    // 2. The comparison of two rounds.
    const cycleView = definitions.dashboards.get(13)!;
    const cycleProduct = async () => (await computeDatasets(db, definitions, cycleView, { company_id: companyId, cycle_id: secondRound }, ['byCycle'])).get('byCycle')!;
    const cycleBare = () =>
      rows<Record<string, number>>(
        db,
        sql`
        select cycle_id, count(*)::int as n, avg(t)::double precision as mean
        from (
          select e.cycle_id, coalesce(sum(case when r.question in (${list(pssReversed)}) then 4 - r.response::int else r.response::int end), 0) as t
          from evaluations e left join responses r on r.evaluation_id = e.id
          where e.type_evaluation = 13 and e.done and e.company_id = ${companyId}
          group by e.id
        ) scored
        group by cycle_id order by cycle_id`,
      );
    checkRounds(await cycleProduct(), await cycleBare(), [firstRound, secondRound]);

    const results: ComparisonBenchRow[] = [];
    for (const [feature, evaluations, product, bare] of [
      ['heatmap by sector (`/dash/16` bySector)', people, heatmapProduct, heatmapBare],
      ['comparison of two rounds (`/dash/13` byCycle)', 2 * perRound, cycleProduct, cycleBare],
    ] as const) {
      const productTimes: number[] = [];
      const bareTimes: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        productTimes.push(await timeIt(product));
        bareTimes.push(await timeIt(bare));
      }
      log(`${backend}, ${feature}: product ${productTimes.map((ms) => ms.toFixed(0)).join(' ')} ms, bare ${bareTimes.map((ms) => ms.toFixed(0)).join(' ')} ms`);
      results.push({ feature, backend, evaluations, product: median(productTimes), bare: median(bareTimes) });
    }
    return results;
  } finally {
    await drop();
  }
}

/** The heatmap's rows against the bare query's: the same respondents per sector, the same means where shown, the small sectors hidden. */
function checkHeatmap(product: Row[], bare: Record<string, number | string>[], items: string[]): void {
  const disagree = (what: string) => {
    throw new Error(`the heatmap and the bare query disagree: ${what}`);
  };
  if (bare.length !== SECTORS) disagree(`${bare.length} sectors in the bare query, not ${SECTORS}`);
  const hidden = new Set<number>();
  for (const sector of bare) {
    const mine = product.filter((row) => Number(row.groupId) === Number(sector.sector));
    if (mine.length !== items.length + 1) disagree(`sector ${sector.sector} has ${mine.length} rows`);
    for (const row of mine) {
      if (Number(row.respondents) !== Number(sector.n)) disagree(`sector ${sector.sector}: ${String(row.respondents)} respondents, not ${sector.n}`);
      if (row.withheld !== null) {
        hidden.add(Number(sector.sector));
        if (row.value !== null) disagree(`sector ${sector.sector} is withheld with a value`);
        continue;
      }
      const column = row.score === 'media' ? 'media' : `i${String(row.score).slice('item.'.length)}`;
      if (!close(row.value, sector[column])) disagree(`sector ${sector.sector}, ${String(row.score)}: ${String(row.value)} against ${sector[column]}`);
    }
  }
  // The two sectors of one person (under the minimum), and one more so that they cannot be subtracted from the whole.
  const tiny = bare.slice(-TINY_SECTORS).map((sector) => Number(sector.sector));
  if (!tiny.every((sector) => hidden.has(sector)) || hidden.size !== TINY_SECTORS + 1) disagree(`hidden sectors ${[...hidden].join(', ')}`);
}

/** The rounds' rows against the bare query's: the same mean total and respondents per round, oldest first. */
function checkRounds(product: Row[], bare: Record<string, number>[], order: number[]): void {
  const totals = product.filter((row) => row.score === 'total');
  const found = totals.map((row) => Number(row.cycleId));
  if (found.join() !== order.join()) throw new Error(`the rounds are ${found.join(', ')}, not ${order.join(', ')}`);
  for (const row of totals) {
    const theirs = bare.find((candidate) => Number(candidate.cycle_id) === Number(row.cycleId));
    if (!theirs || Number(theirs.n) !== Number(row.respondents) || !close(row.value, theirs.mean)) {
      throw new Error(`the comparison of rounds and the bare query disagree: ${JSON.stringify(row)} against ${JSON.stringify(theirs)}`);
    }
  }
}

/** The markdown table of some runs. */
export function comparisonsTable(results: ComparisonBenchRow[]): string[] {
  return [
    '**Comparisons of groups (issue 26): the heatmap by sector (respondents, the mean of every score per sector, the anonymity minimum and complementary suppression) and the means once per round, through the product, against one bare hand-written `GROUP BY` computing the same numbers (medians, alternating)**',
    '',
    '| feature | database | evaluations | product | bare SQL | ratio (budget ≤ 2×) |',
    '|---|---|---:|---:|---:|---:|',
    ...results.map((row) => `| ${row.feature} | ${row.backend} | ${row.evaluations.toLocaleString('en')} | ${row.product.toFixed(0)} ms | ${row.bare.toFixed(0)} ms | **${(row.product / row.bare).toFixed(2)}×** |`),
  ];
}
