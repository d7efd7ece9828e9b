import { allQuestions, hasOptions, optionsOf, type LocatedQuestion } from './questions.ts';
import type { QuestionnaireDefinition } from './types.ts';
import type { ChoiceOption, Question } from './questionTypes.ts';

/*
 * Versions of a questionnaire. A published version is a frozen copy of the resolved definition; the
 * next one is classified by what changed since: only texts, the structure, or the scoring. A scoring
 * change needs a new major version, so answers scored by different keys are never pooled.
 */

/** How far a change reaches, from the least to the most. */
export type ChangeKind = 'text' | 'structure' | 'scoring';

/** One change between two versions: where (a JSON pointer into the newer definition) and its kind. */
export interface DefinitionChange {
  /** JSON pointer of the changed value in the newer definition (or in the older, for a removal). */
  pointer: string;
  /** What kind of change it is. */
  kind: ChangeKind;
  /** What changed, in Portuguese ("valor 3 → 4", "pergunta removida"). */
  detail: string;
}

/** A version number: the major (scoring) and the minor (texts and structure). */
export interface VersionNumber {
  major: number;
  minor: number;
}

const RANK: Record<ChangeKind, number> = { text: 0, structure: 1, scoring: 2 };

/** The farthest-reaching kind among some changes, or null when there are none. */
export function changeKind(changes: DefinitionChange[]): ChangeKind | null {
  return changes.reduce<ChangeKind | null>((kind, change) => (kind === null || RANK[change.kind] > RANK[kind] ? change.kind : kind), null);
}

/** Parses "2.1" (as a snapshot's file name gives it); null when it is not one. */
export function parseVersion(text: string): VersionNumber | null {
  const match = /^([1-9][0-9]*)\.(0|[1-9][0-9]*)$/.exec(text);
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : null;
}

/** "2.1". */
export function formatVersion(version: VersionNumber): string {
  return `${version.major}.${version.minor}`;
}

/** Orders versions, oldest first. */
export function compareVersions(a: VersionNumber, b: VersionNumber): number {
  return a.major - b.major || a.minor - b.minor;
}

/** The major version a definition declares (default 1). */
export function declaredMajor(definition: QuestionnaireDefinition): number {
  return definition.version ?? 1;
}

/** JSON with object keys sorted, so equal definitions give equal text (and hashes) whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The definition a version is made of: without the editor's `$schema`. */
export function versionContent(definition: QuestionnaireDefinition): QuestionnaireDefinition {
  const { $schema: _schema, ...content } = definition;
  return content;
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const show = (value: unknown) => (value === undefined ? '(ausente)' : JSON.stringify(value));

/** Keys whose values only people read: changing them changes no answer and no score. */
const TEXT_KEYS = new Set(['title', 'text', 'label', 'description', 'caption', 'intro', 'body', 'confirm', 'cancel', 'message', 'requiredMessage', 'color']);

/**
 * Every leaf that differs between two JSON values, as pointers under `base`, each classified by
 * `kindOf` (given the pointer's last key); used for the parts of a definition compared as plain data.
 */
function leafChanges(before: unknown, after: unknown, base: string, kindOf: (key: string) => ChangeKind, out: DefinitionChange[]): void {
  if (same(before, after)) return;
  const objects = before !== null && after !== null && typeof before === 'object' && typeof after === 'object' && Array.isArray(before) === Array.isArray(after);
  if (!objects) {
    const key = base.slice(base.lastIndexOf('/') + 1);
    out.push({ pointer: base || '/', kind: kindOf(key), detail: `${show(before)} → ${show(after)}` });
    return;
  }
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) leafChanges(a[key], b[key], `${base}/${escape(key)}`, kindOf, out);
}

/** Where a question's options live: its own list, or its shared scale. */
function optionsPointer(located: LocatedQuestion, indexOf: Map<Question, string>): string {
  const question = located.question as Extract<Question, { kind: 'choice' | 'checkboxes' }>;
  return question.scale !== undefined ? `/scales/${escape(question.scale)}` : `${indexOf.get(question)}/options`;
}

/** Pointers of every question of a definition. */
function questionPointers(definition: QuestionnaireDefinition): Map<Question, string> {
  const pointers = new Map<Question, string>();
  definition.pages.forEach((page, pageIndex) => page.questions.forEach((question, index) => pointers.set(question, `/pages/${pageIndex}/questions/${index}`)));
  return pointers;
}

/** Fields of a question whose change changes what an answer means or how it scores. */
const SCORING_FIELDS = ['kind', 'reverse', 'wire', 'min', 'max', 'decimals'] as const;

/** Compares the options of one question in both versions, by value. */
function optionChanges(before: ChoiceOption[], after: ChoiceOption[], pointer: string, out: DefinitionChange[]): void {
  const byValue = new Map(before.map((option) => [option.value, option]));
  after.forEach((option, index) => {
    const old = byValue.get(option.value);
    const at = `${pointer}/${index}`;
    if (!old) {
      out.push({ pointer: `${at}/value`, kind: 'scoring', detail: `opção de valor ${option.value} incluída` });
      return;
    }
    byValue.delete(option.value);
    if (!same(old.tags ?? [], option.tags ?? [])) out.push({ pointer: `${at}/tags`, kind: 'scoring', detail: `${show(old.tags ?? [])} → ${show(option.tags ?? [])}` });
    if ((old.scored ?? true) !== (option.scored ?? true)) out.push({ pointer: `${at}/scored`, kind: 'scoring', detail: `${show(old.scored ?? true)} → ${show(option.scored ?? true)}` });
    // An option made to stand alone changes the form, not a score: answers stored mixed before count as
    // it alone in every version of the major (the rule of `exclusive`).
    if ((old.exclusive ?? false) !== (option.exclusive ?? false)) out.push({ pointer: `${at}/exclusive`, kind: 'structure', detail: `${show(old.exclusive ?? false)} → ${show(option.exclusive ?? false)}` });
    for (const key of ['label', 'description', 'caption'] as const) {
      if (old[key] !== option[key]) out.push({ pointer: `${at}/${key}`, kind: 'text', detail: `${show(old[key])} → ${show(option[key])}` });
    }
  });
  for (const [value] of byValue) out.push({ pointer, kind: 'scoring', detail: `opção de valor ${value} removida ou com outro valor` });
  // The same values in another order change what the respondent sees, not a score.
  const order = (options: ChoiceOption[]) => options.map((option) => option.value).filter((value) => before.some((o) => o.value === value) && after.some((o) => o.value === value));
  if (!same(order(before), order(after))) out.push({ pointer, kind: 'structure', detail: 'ordem das opções' });
}

/** Compares the questions of both versions by id. */
function questionChanges(before: QuestionnaireDefinition, after: QuestionnaireDefinition, out: DefinitionChange[]): void {
  const oldPointers = questionPointers(before);
  const newPointers = questionPointers(after);
  const previous = new Map(allQuestions(before).map((located) => [located.question.id, located]));
  for (const located of allQuestions(after)) {
    const question = located.question;
    const pointer = newPointers.get(question)!;
    const old = previous.get(question.id);
    if (!old) {
      out.push(
        question.required
          ? { pointer, kind: 'scoring', detail: `pergunta obrigatória ${question.id} incluída` }
          : { pointer, kind: 'structure', detail: `pergunta opcional ${question.id} incluída` },
      );
      continue;
    }
    previous.delete(question.id);
    const was = old.question as unknown as Record<string, unknown>;
    const is = question as unknown as Record<string, unknown>;
    for (const field of SCORING_FIELDS) {
      if (!same(was[field], is[field])) out.push({ pointer: `${pointer}/${field}`, kind: 'scoring', detail: `${show(was[field])} → ${show(is[field])}` });
    }
    if ((old.question.required ?? false) !== (question.required ?? false)) {
      out.push({ pointer: `${pointer}/required`, kind: question.required ? 'scoring' : 'structure', detail: `${show(old.question.required ?? false)} → ${show(question.required ?? false)}` });
    }
    if (old.pageIndex !== located.pageIndex) out.push({ pointer, kind: 'structure', detail: `pergunta ${question.id} mudou da página ${old.pageIndex + 1} para a ${located.pageIndex + 1}` });
    if (hasOptions(question) && hasOptions(old.question)) optionChanges(optionsOf(before, old.question), optionsOf(after, question), optionsPointer(located, newPointers), out);
    for (const key of new Set([...Object.keys(was), ...Object.keys(is)])) {
      if (SCORING_FIELDS.includes(key as (typeof SCORING_FIELDS)[number]) || ['required', 'id', 'scale', 'options'].includes(key)) continue;
      leafChanges(was[key], is[key], `${pointer}/${escape(key)}`, (leaf) => (TEXT_KEYS.has(leaf) ? 'text' : 'structure'), out);
    }
  }
  for (const [id, located] of previous) {
    out.push({ pointer: oldPointers.get(located.question)!, kind: 'scoring', detail: `pergunta ${id} removida (as respostas já dadas a ela perderiam o sentido)` });
  }
  // The same questions in another order: the form changes, not the scores.
  const order = (definition: QuestionnaireDefinition) => allQuestions(definition).map(({ question }) => question.id);
  const common = (ids: string[], other: string[]) => ids.filter((id) => other.includes(id));
  if (!same(common(order(before), order(after)), common(order(after), order(before)))) out.push({ pointer: '/pages', kind: 'structure', detail: 'ordem das perguntas' });
}

/**
 * The changes from one version of a questionnaire to the next, each located in the newer definition
 * and classified:
 * - **text**: what people read (question texts, labels, descriptions, messages, dialog texts, colours,
 *   how a ranking's equal scores read: its `ties`, whether the instrument is `validated`);
 * - **structure**: how the form is laid out (pages, order, conditions, new optional questions, an option made to stand alone);
 * - **scoring**: what answers mean or how they score (an option added, removed or re-valued, its tags or
 *   `scored`, a reverse flag, a question's kind or wire format, a question removed, a new required
 *   question, anything in `scoring` but its labels, colours and ties, the evaluation type).
 * The version number itself is not a change.
 */
export function definitionChanges(before: QuestionnaireDefinition, after: QuestionnaireDefinition): DefinitionChange[] {
  const out: DefinitionChange[] = [];
  const a = versionContent(before) as unknown as Record<string, unknown>;
  const b = versionContent(after) as unknown as Record<string, unknown>;
  if (a.type !== b.type) out.push({ pointer: '/type', kind: 'scoring', detail: `${show(a.type)} → ${show(b.type)}` });
  // A ranking's `ties` changes how equal scores read (a shared place), no score: answers stay poolable.
  leafChanges(a.scoring, b.scoring, '/scoring', (key) => (key === 'label' || key === 'color' || key === 'ties' ? 'text' : 'scoring'), out);
  questionChanges(before, after, out);
  before.pages.forEach((page, index) => {
    const next = after.pages[index];
    if (!next) return;
    for (const key of ['title', 'description'] as const) if (page[key] !== next[key]) out.push({ pointer: `/pages/${index}/${key}`, kind: 'text', detail: `${show(page[key])} → ${show(next[key])}` });
  });
  if (before.pages.length !== after.pages.length) out.push({ pointer: '/pages', kind: 'structure', detail: `${before.pages.length} → ${after.pages.length} páginas` });
  // Everything else at the top (title, intro, messages, dialogs, progress, details, slug); scales are
  // compared through the questions that use them.
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (['type', 'version', 'scoring', 'pages', 'scales'].includes(key)) continue;
    leafChanges(a[key], b[key], `/${escape(key)}`, (leaf) => (TEXT_KEYS.has(leaf) || /^(required|submitted|submitFailed|sending|label|validated)$/.test(leaf) ? 'text' : 'structure'), out);
  }
  // A shared scale's change is found through each question using it: said once.
  const seen = new Set<string>();
  return out.filter((change) => {
    const key = `${change.pointer}|${change.kind}|${change.detail}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** The outcome of checking a definition against its last published version. */
export type VersionCheck =
  /** Nothing changed since the version. */
  | { state: 'published'; version: VersionNumber }
  /** Changes that can be published as `next`. */
  | { state: 'unpublished'; kind: ChangeKind; next: VersionNumber; changes: DefinitionChange[] }
  /** Scoring changes under the same major version (or a lower major): they cannot be published. */
  | { state: 'refused'; changes: DefinitionChange[]; latest: VersionNumber; needed: number };

/** Compares a definition with its latest published version (null when none was published yet). */
export function checkVersion(latest: { version: VersionNumber; definition: QuestionnaireDefinition } | null, current: QuestionnaireDefinition): VersionCheck {
  const major = declaredMajor(current);
  if (!latest) return { state: 'unpublished', kind: 'scoring', next: { major, minor: 0 }, changes: [] };
  const changes = definitionChanges(latest.definition, current);
  const majorChanged = major !== latest.version.major;
  if (changes.length === 0 && !majorChanged) return { state: 'published', version: latest.version };
  const kind = changeKind(changes) ?? 'text';
  const scoring = changes.filter((change) => change.kind === 'scoring');
  if (major < latest.version.major || (scoring.length > 0 && !majorChanged)) {
    return { state: 'refused', changes: scoring.length > 0 ? scoring : changes, latest: latest.version, needed: latest.version.major + 1 };
  }
  return { state: 'unpublished', kind: majorChanged ? 'scoring' : kind, next: majorChanged ? { major, minor: 0 } : { major, minor: latest.version.minor + 1 }, changes };
}
