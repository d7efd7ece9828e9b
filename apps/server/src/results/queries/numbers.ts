import type { SQL } from 'drizzle-orm';
import type { NumberSeries, Row } from '../../../../../engine/definition/dashboard.ts';
import { allQuestions, type LocatedQuestion } from '../../../../../engine/definition/questions.ts';
import type { QuestionnaireDefinition } from '../../../../../engine/definition/types.ts';
import { numberAnswers, numberStatistics, respondentsByRole } from '../../repositories/results/datasetRows.ts';
import type { Query, QueryContext } from './context.ts';

/** The statistics of one question and role, as the database gave them. */
interface Statistics {
  mean: number;
  min: number;
  max: number;
  n: number;
}

/** Pools the two roles' statistics of a question (the mean weighted by their answers). */
function pooled(parts: (Statistics | undefined)[]): Statistics | undefined {
  const present = parts.filter((part): part is Statistics => part !== undefined && part.n > 0);
  if (present.length === 0) return undefined;
  const n = present.reduce((sum, part) => sum + part.n, 0);
  return {
    mean: present.reduce((sum, part) => sum + part.mean * part.n, 0) / n,
    min: Math.min(...present.map((part) => part.min)),
    max: Math.max(...present.map((part) => part.max)),
    n,
  };
}

/** A series' statistics of a question: its role's (or both pooled). */
function statisticsOf(series: NumberSeries, byRole: Map<boolean, Statistics>): Statistics | undefined {
  const of = series.of ?? 'all';
  return of === 'all' ? pooled([byRole.get(true), byRole.get(false)]) : byRole.get(of === 'self');
}

/** A grade question of a dataset's types, located. */
interface Located {
  type: number;
  definition: QuestionnaireDefinition;
  item: LocatedQuestion;
  questionOrder: number;
}

/** The question fields of a row. */
const questionFields = ({ type, definition, item, questionOrder }: Located): Row => ({
  type,
  question: item.question.id,
  questionText: item.question.text,
  questionOrder,
  number: item.number,
  page: item.pageIndex,
  pageTitle: definition.pages[item.pageIndex]?.title ?? '',
});

/**
 * What an unanswered or blank grade counts as, by type: the value a staff form saves for a blank grade
 * (`staff.blanks.grade`: the interview's '0'), else nothing (not counted).
 */
function blanks(context: QueryContext, located: Located[]): Map<number, number | null> {
  return new Map(
    located.map(({ type }) => {
      const blank = context.questionnaires.get(type)?.staff?.blanks?.grade;
      return [type, blank === undefined || !Number.isFinite(Number(blank)) || blank.trim() === '' ? null : Number(blank)];
    }),
  );
}

/** `perPerson`: each evaluation's own grades, a row per evaluation and question (null where blank or unanswered). */
async function perPerson(context: QueryContext, located: Located[], scope: SQL): Promise<Row[]> {
  const found = await numberAnswers(context.db, scope, [...new Set(located.map(({ item }) => item.question.id))], blanks(context, located));
  const evaluations = new Map<string, { person: number; name: string; type: number; self: boolean; values: Map<string, number | null> }>();
  for (const row of found) {
    const evaluation = evaluations.get(String(row.evaluation)) ?? { person: Number(row.person), name: row.name, type: Number(row.type), self: row.self, values: new Map() };
    if (row.question !== null) evaluation.values.set(row.question, row.value === null ? null : Number(row.value));
    evaluations.set(String(row.evaluation), evaluation);
  }
  return [...evaluations].flatMap(([id, evaluation]) =>
    located
      .filter((question) => question.type === evaluation.type)
      .map((question) => ({
        ...questionFields(question),
        evaluation: id,
        person: evaluation.person,
        name: evaluation.name,
        self: evaluation.self,
        value: evaluation.values.get(question.item.question.id) ?? null,
      })),
  );
}

/**
 * `numbers`: the mean, minimum and maximum of numeric answers (grades) per question, one row per
 * question and series, self-evaluations apart from the others' answers where a series asks. The
 * database computes them; a question nobody answered keeps its rows with a null value, and with no
 * answer at all there are no rows.
 */
export const numbersQuery: Query<'numbers'> = async (context, dataset, scope) => {
  const located = dataset.types.flatMap((type): Located[] => {
    const definition = context.questionnaires.get(type);
    if (!definition) return [];
    return allQuestions(definition).flatMap((item, questionOrder) =>
      item.question.kind === 'grade' && (!dataset.questions || dataset.questions.includes(item.question.id)) ? [{ type, definition, item, questionOrder }] : [],
    );
  });
  if (dataset.perPerson) return perPerson(context, located, scope);
  const [all, respondents] = await Promise.all([
    numberStatistics(context.db, scope, [...new Set(located.map(({ item }) => item.question.id))], blanks(context, located)),
    respondentsByRole(context.db, scope, false),
  ]);
  // A group of evaluations without a number (blank where blanks are not counted) has no statistics.
  const found = all.filter((row) => Number(row.n) > 0);
  // Nobody answered: no rows (the widgets say their empty text), not a chart of empty bars.
  if (found.length === 0) return [];
  const statistics = new Map<string, Map<boolean, Statistics>>();
  for (const row of found) {
    const key = `${row.type}/${row.question}`;
    const byRole = statistics.get(key) ?? new Map<boolean, Statistics>();
    byRole.set(row.self, { mean: Number(row.mean), min: Number(row.min), max: Number(row.max), n: Number(row.n) });
    statistics.set(key, byRole);
  }
  const rows: Row[] = [];
  for (const { type, definition, item, questionOrder } of located) {
    const byRole = statistics.get(`${type}/${item.question.id}`) ?? new Map<boolean, Statistics>();
    (dataset.series ?? []).forEach((series, seriesOrder) => {
      const found = statisticsOf(series, byRole);
      rows.push({
        ...questionFields({ type, definition, item, questionOrder }),
        series: series.label,
        seriesOrder,
        // What the series is, whatever the view calls it: the statistic and whose answers.
        stat: series.stat,
        of: series.of ?? 'all',
        // Rounded to 9 decimals, as every mean of the results (a mean of 7.3 is never 7.300000000000001).
        value: found === undefined ? null : Math.round(found[series.stat] * 1e9) / 1e9,
        answers: found?.n ?? 0,
        respondents: respondents.get(`${type}/null`) ?? 0,
      });
    });
  }
  return rows;
};
