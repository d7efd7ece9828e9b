/**
 * The questionnaire and dashboard definitions read as plain data for the reference: option values,
 * labels, tags, reverse and exclusive flags, scales and the scoring keys' shapes, straight from the
 * JSON files. Nothing here comes from `engine/` or `apps/server`: a field missing from a questionnaire
 * that `extends` another is the other's (the only inheritance the reference needs).
 */
import { readFileSync } from 'node:fs';

const root = new URL('../../../definitions/', import.meta.url);

/** An option as the definition lists it. */
export interface RefOption {
  value: number;
  label: string;
  tags?: string[];
  scored?: boolean;
  exclusive?: boolean;
}

/** A question as the definition lists it (only what the arithmetic reads). */
export interface RefQuestion {
  id: string;
  kind: string;
  text: string;
  scale?: string;
  options?: RefOption[];
  reverse?: boolean;
  wire?: 'value' | 'qualified';
  when?: { question: string; gt?: number; lt?: number; in?: number[] };
}

/** A score of the scoring key. */
export interface RefScore {
  id: string;
  label: string;
  questions?: 'all' | string[];
  aggregate: 'sum' | 'mean' | 'percent' | 'count' | 'share';
  tag?: string;
  shareOf?: 'tagged' | 'answered';
  perQuestion?: boolean;
}

/** A questionnaire as data. */
export interface RefQuestionnaire {
  type: number;
  scales?: Record<string, RefOption[]>;
  pages: { title?: unknown; questions: RefQuestion[] }[];
  scoring?: {
    scores: RefScore[];
    rankings?: { id: string; label: string; from: 'answers' | 'scores'; questions?: 'all' | string[]; scores?: string[]; take?: number }[];
    classification?: { score: string; bands: { id: string; label: string; below?: number }[] };
  };
}

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(path, root), 'utf8')) as Record<string, unknown>;
}

/** A questionnaire file, with what it does not say taken from the one it extends. */
export function questionnaireFile(name: string): RefQuestionnaire {
  const own = readJson(`questionnaires/${name}.json`);
  const base = typeof own.extends === 'string' ? (questionnaireFile(own.extends) as unknown as Record<string, unknown>) : {};
  return { ...base, ...own } as unknown as RefQuestionnaire;
}

/** The catalogue: the questionnaire of each evaluation type. */
export function questionnairesByType(): Map<number, RefQuestionnaire> {
  const catalog = readJson('catalog.json') as { types: { type: number; definition?: string }[] };
  const found = new Map<number, RefQuestionnaire>();
  for (const entry of catalog.types) if (entry.definition) found.set(entry.type, questionnaireFile(entry.definition));
  return found;
}

/** Every question of a questionnaire, in order. */
export function questionsOf(definition: RefQuestionnaire): RefQuestion[] {
  return definition.pages.flatMap((page) => page.questions);
}

/** A question's options (its own list or its scale's). */
export function optionsOf(definition: RefQuestionnaire, question: RefQuestion): RefOption[] {
  return question.options ?? (question.scale ? (definition.scales?.[question.scale] ?? []) : []);
}

/** The stored response of an option: its value, or "{question}.{value}" on a qualified wire. */
export function wireOf(question: RefQuestion, option: RefOption): string {
  return question.wire === 'qualified' ? `${question.id}.${option.value}` : String(option.value);
}

/** A dashboard file as data (dataset names, their types, scope and fields; the layout's widgets). */
export function dashboardFile(id: number): Record<string, unknown> {
  return readJson(`dashboards/${id}.json`);
}
