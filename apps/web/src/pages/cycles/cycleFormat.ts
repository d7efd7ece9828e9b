import type { Cycle } from '../../../../server/src/contract/cycles';
import { format, messages } from '../../../../../engine/messages';
import { catalog } from '../../catalog';

const text = messages.screenCycles;
const typeNames = new Map(catalog.types.map((entry) => [entry.type, entry.name]));

/** The cycle's questionnaires by their catalogue names, in the cycle's order ('—' for none). */
export function typesText(types: readonly number[]): string {
  if (types.length === 0) return text.noTypes;
  return types.map((type) => typeNames.get(type) ?? String(type)).join(', ');
}

/** Share of the evaluations answered, in whole percent (0 when there are none). */
export function answeredPercent(cycle: Pick<Cycle, 'answered' | 'evaluations'>): number {
  return cycle.evaluations === 0 ? 0 : Math.round((cycle.answered / cycle.evaluations) * 100);
}

/** '12 de 20 (60%)', or '0 de 0' for a cycle with no evaluations yet. */
export function answeredText(cycle: Pick<Cycle, 'answered' | 'evaluations'>): string {
  if (cycle.evaluations === 0) return text.answeredNone;
  return format(text.answered, { answered: cycle.answered, total: cycle.evaluations, percent: answeredPercent(cycle) });
}

/** The target as '75%'. */
export function targetText(target: number): string {
  return format(text.percent, { value: target });
}

/** 'Aberto' or 'Encerrado'. */
export function statusText(cycle: Pick<Cycle, 'closed'>): string {
  return cycle.closed ? text.statusClosed : text.statusOpen;
}
