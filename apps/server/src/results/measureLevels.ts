import type { FastifyInstance } from 'fastify';
import type { DashboardData, DashboardFilters, Row } from '../../../../engine/definition/dashboard.ts';
import { messages } from '../../../../engine/messages.ts';
import type { MeasureLevel } from '../contract/riskMeasures.ts';
import { dashboardData } from './dashboards.ts';
import { riskView } from './riskView.ts';

/*
 * The level of a measure's risk factor in its exposure group at a round (the action plan's "before"
 * and "after", issue 27): read from the risk view's datasets, whole, by sector, position and exposure group, under
 * the questionnaire's anonymity rules, so a group the results hide has no level here either.
 */

const text = messages.measures;

/** The round a level is read at: its id and name, or null for every answer of the company. */
export interface LevelRound {
  id: number;
  name: string;
}

/** A factor in an exposure group. */
export interface LevelTarget {
  factor: string;
  groupKind: string;
  groupId: number | null;
}

const DATASET_OF: Record<string, string> = { whole: 'risk', sector: 'riskBySector', position: 'riskByPosition', exposure: 'riskByExposure' };

/** One decimal. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The level of `target` in a round's risk data. */
export function levelIn(data: DashboardData, round: LevelRound | null, target: LevelTarget): MeasureLevel {
  const base = { cycle_id: round?.id ?? null, cycle_name: round?.name ?? null };
  const none = (reason: string): MeasureLevel => ({ ...base, label: null, color: null, share: null, reason });
  if (data.respondents === 0) return none(text.levelNoAnswers);
  const name = DATASET_OF[target.groupKind] ?? 'risk';
  const rows = (data.datasets[name]?.rows ?? []).filter((row: Row) => row.factor === target.factor && (target.groupKind === 'whole' || Number(row.groupId) === target.groupId));
  const row = rows[0];
  if (!row) {
    // A dataset hidden whole (the company under the minimum, or the round hidden) leaves no row: the view says why.
    const withheld = data.withheld?.find((group) => group.dataset === name)?.message;
    if (withheld !== undefined) return none(withheld);
    return none(target.groupKind === 'whole' ? text.levelHidden : text.levelGroupNoAnswers);
  }
  if (row.withheld !== null && row.withheld !== undefined) return none(String(row.withheld));
  if (typeof row.levelLabel !== 'string') return none(text.levelGroupNoAnswers);
  return { ...base, label: row.levelLabel, color: typeof row.levelColor === 'string' ? row.levelColor : null, share: typeof row.share === 'number' ? oneDecimal(row.share) : null, reason: null };
}

/**
 * The risk data of a company's questionnaire at rounds, computed once per (type, round) however many
 * measures read it.
 */
export function levelReader(app: FastifyInstance, companyId: number) {
  const computed = new Map<string, Promise<DashboardData>>();
  return (type: number, round: LevelRound | null): Promise<DashboardData> => {
    const key = `${type}:${round?.id ?? '*'}`;
    let data = computed.get(key);
    if (!data) {
      const title = app.definitions.questionnaires.get(type)?.title ?? String(type);
      const view = riskView(app.definitions, type, title, {
        risk: { query: 'risk', types: [type], anonymous: 'group' },
        riskBySector: { query: 'risk', types: [type], anonymous: 'group', byGroup: 'sector' },
        riskByPosition: { query: 'risk', types: [type], anonymous: 'group', byGroup: 'position' },
        riskByExposure: { query: 'risk', types: [type], anonymous: 'group', byGroup: 'exposure' },
      });
      const filters: DashboardFilters = { company_id: companyId, ...(round ? { cycle_id: round.id } : {}) };
      data = dashboardData(app.db, app.definitions, view, filters, { timeZone: app.settings.timeZone });
      computed.set(key, data);
    }
    return data;
  };
}
