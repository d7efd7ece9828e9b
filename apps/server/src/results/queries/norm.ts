import { sql } from 'drizzle-orm';
import type { Row, SummaryDataset } from '../../../../../engine/definition/dashboard.ts';
import { normStanding } from '../../../../../engine/scoring/norm.ts';
import { format, messages } from '../../../../../engine/messages.ts';
import { normCompanies } from '../../repositories/results/groups.ts';
import { MAJOR } from '../../repositories/results/scope.ts';
import { summarizeScoresByGroup } from '../../repositories/results/scoreSql.ts';
import { scoringKeyOf } from '../scoringKeys.ts';
import type { QueryContext } from './context.ts';

/*
 * The norm of a `summary` with `norm`: each score's mean among the consultancy's other client
 * companies, from their aggregates alone (`engine/scoring/norm.ts` places the chosen one among them).
 */

/** Each evaluation's company, as a grouping. */
const COMPANY_GROUPS = sql`select evaluations.company_id as key, evaluations.company_id::text as name`;

/** The fewest other companies, and people in them, a norm holds from. */
export const NORM_COMPANIES = 5;
export const NORM_RESPONDENTS = 100;

/** The summary's rows with the norm's fields (`SummaryDataset.norm`). */
export async function withNorm(context: QueryContext, dataset: SummaryDataset, rows: Row[]): Promise<Row[]> {
  const company = context.filters.company_id;
  const empty = (note: string) => ({ normCompanies: null, normRespondents: null, normMedian: null, normTop: null, normPercentile: null, normNote: note });
  if (company === undefined) return rows.map((row) => ({ ...row, ...empty(messages.dashboard.normNoCompany) }));
  const tooSmall = format(messages.dashboard.normTooSmall, { companies: NORM_COMPANIES, respondents: NORM_RESPONDENTS });
  const byType = new Map<number, { means: Record<string, number>[]; people: number } | null>();
  for (const type of dataset.types) {
    const definition = context.questionnaires.get(type);
    if (!definition) continue;
    const major = context.filters.majors?.[String(type)] ?? definition.version ?? 1;
    // The other companies' done answers of this major version: each company one group.
    const scope = sql`evaluations.type_evaluation = ${type} and evaluations.done = true and ${MAJOR} = ${major} and evaluations.company_id <> ${company}`;
    // Which companies may join is `normCompanies`' to say; each company is one group of the statement.
    const eligible = new Map((await normCompanies(context.db, scope)).map((entry) => [entry.company, entry.people]));
    const summaries = (await summarizeScoresByGroup(context.db, scoringKeyOf(definition), scope, COMPANY_GROUPS)).filter((group) => eligible.has(group.key));
    const people = summaries.reduce((sum, group) => sum + eligible.get(group.key)!, 0);
    byType.set(type, summaries.length >= NORM_COMPANIES && people >= NORM_RESPONDENTS ? { means: summaries.map((group) => group.summary.means), people } : null);
  }
  return rows.map((row) => {
    const norm = byType.get(Number(row.type));
    const value = typeof row.value === 'number' ? row.value : null;
    if (!norm || value === null) return { ...row, ...empty(tooSmall) };
    const others = norm.means.map((means) => means[String(row.score)]).filter((mean): mean is number => typeof mean === 'number');
    const standing = normStanding(value, others);
    return { ...row, normCompanies: others.length, normRespondents: norm.people, normMedian: standing.median, normTop: standing.top, normPercentile: standing.percentile, normNote: null };
  });
}
