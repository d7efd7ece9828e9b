import { decodeAnswers } from '../../../../../engine/answers/decoding.ts';
import type { Row } from '../../../../../engine/definition/dashboard.ts';
import type { WireItem } from '../../../../../engine/definition/types.ts';
import { rankingCells } from '../../../../../engine/scoring/rankingCells.ts';
import { evaluationPage, ofType, storedAnswers } from '../../repositories/results/datasetRows.ts';
import { scoreEvaluations } from '../../repositories/results/scoreSql.ts';
import { scoringKeyOf } from '../scoringKeys.ts';
import type { Query } from './context.ts';

/** `scores`: every score (and ranking) of each evaluation in scope (a page of them when paged). */
export const scoresQuery: Query<'scores'> = async (context, dataset, scope, name) => {
  const rows: Row[] = [];
  if (dataset.pageSize !== undefined) {
    const paged = await evaluationPage(context.db, scope, context.filters.page_size ?? dataset.pageSize, Math.max(0, context.filters.pages?.[name] ?? 0));
    context.totals?.set(name, paged.total);
    scope = paged.scope;
  }
  for (const type of dataset.types) {
    const definition = context.questionnaires.get(type);
    if (!definition) continue;
    const classification = definition.scoring?.classification;
    const scored = await scoreEvaluations(context.db, scoringKeyOf(definition), ofType(scope, type), classification);
    const rankings = definition.scoring?.rankings ?? [];
    const answers = rankings.some((ranking) => ranking.from === 'answers') ? await storedAnswers(context.db, scored.map((row) => row.evaluationId)) : new Map<string, WireItem[]>();
    for (const row of scored) {
      const band = row.band === undefined ? undefined : classification?.bands[row.band];
      const out: Row = { evaluation: row.evaluationId, person: row.personId, name: row.name, type, date: row.createdAt.toISOString(), ...row.scores };
      if (band) Object.assign(out, { band: band.label, bandColor: band.color, bandIndex: row.band! });
      // Rankings from scores reuse the database's scores; from answers, the respondent's own answers.
      if (rankings.length > 0) Object.assign(out, rankingCells(definition, row.scores, () => decodeAnswers(definition, answers.get(row.evaluationId) ?? []).answers));
      rows.push(out);
    }
  }
  return rows;
};
