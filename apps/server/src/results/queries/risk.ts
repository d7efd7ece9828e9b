import type { Row, SummaryDataset } from '../../../../../engine/definition/dashboard.ts';
import { probabilityCriteria, probabilityOf, riskLevelOf, UNRATED_COLOR } from '../../../../../engine/definition/risk.ts';
import { messages } from '../../../../../engine/messages.ts';
import { companyMatrix, severitiesOf } from '../../repositories/risk.ts';
import type { Query } from './context.ts';
import { summaryQuery } from './summary.ts';

/**
 * `risk`: each risk factor's level for the chosen company (NR-1, issue 27), whole or by exposure group:
 * the group's share of unfavourable answers (the factor's share score, from the summary, with its
 * anonymity and complementary suppression by group) gives the probability step by the questionnaire's
 * bands; the severity is the consultant's for the company; the company's risk matrix (its own, else the
 * default) gives the level, its colour, action and criteria.
 */
export const riskQuery: Query<'risk'> = async (context, dataset, scope, name) => {
  const companyId = context.filters.company_id;
  if (companyId === undefined) return [];
  // Read once per request: the view's datasets (whole, by sector, by position) rate by the same settings.
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    const known = context.riskSettings?.get(key) as Promise<T> | undefined;
    if (known) return known;
    const reading = read();
    context.riskSettings?.set(key, reading);
    return reading;
  };
  const matrix = (await once(`matrix/${companyId}`, () => companyMatrix(context.db, companyId))) ?? context.riskMatrix;
  const rows: Row[] = [];
  for (const type of dataset.types) {
    const risk = context.questionnaires.get(type)?.risk;
    if (!risk) continue;
    const severities = await once(`${companyId}/${type}`, () => severitiesOf(context.db, companyId, type));
    const summary: SummaryDataset = { query: 'summary', types: [type], ...(dataset.anonymous ? { anonymous: dataset.anonymous } : {}), ...(dataset.byGroup ? { byGroup: dataset.byGroup } : {}), ...(dataset.latest ? { latest: true } : {}) };
    const scores = await summaryQuery(context, summary, scope, name);
    const criteria = probabilityCriteria(matrix, risk.probability);
    for (const row of scores) {
      const factor = risk.factors.find((candidate) => candidate.score === row.score);
      if (!factor) continue;
      const share = typeof row.value === 'number' ? row.value : null;
      const probability = probabilityOf(risk.probability, share);
      const set = severities.get(factor.id);
      // A severity beyond the matrix (set before a smaller matrix) rates nothing.
      const step = set && set.severity <= matrix.severity.length ? set.severity : null;
      const level = riskLevelOf(matrix, step, probability);
      rows.push({
        type,
        ...(dataset.byGroup ? { group: row.group, groupId: row.groupId, groupOrder: row.groupOrder, withheld: row.withheld } : {}),
        factor: factor.id,
        factorLabel: factor.label,
        hazard: factor.hazard,
        harms: factor.harms,
        share,
        respondents: row.respondents ?? null,
        probability,
        probabilityLabel: probability === null ? null : matrix.probability[probability - 1]!.label,
        probabilityCriterion: probability === null ? null : criteria[probability - 1]!,
        severity: step,
        severityLabel: step === null ? null : matrix.severity[step - 1]!.label,
        severityCriterion: step === null ? null : (matrix.severity[step - 1]!.criterion ?? null),
        severityReason: step === null ? null : set!.reason,
        level: level?.id ?? null,
        levelLabel: level?.label ?? (share === null ? null : messages.dashboard.riskSeverityMissing),
        levelColor: level?.color ?? (share === null ? null : UNRATED_COLOR),
        levelAction: level?.action ?? null,
        criteria: matrix.criteria,
      });
    }
  }
  return rows;
};
