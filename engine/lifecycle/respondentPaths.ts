import type { Catalog } from '../definition/catalog.ts';

/** The four outcome pages of a link (respondent.md 2.2). */
export type OutcomeKind = 'complete' | 'done' | 'invalid' | 'expired';

/** A page of the respondent side, read from a path. */
export type RespondentPage =
  | { kind: 'questionnaire'; slug: string; id: string }
  | { kind: 'outcome'; outcome: OutcomeKind; param: string };

const OUTCOMES: readonly OutcomeKind[] = ['complete', 'done', 'invalid', 'expired'];

/** Path of an outcome page (`/evaluation/{outcome}/{param}`). */
export function outcomePath(outcome: OutcomeKind, param: string): string {
  return `/evaluation/${outcome}/${encodeURIComponent(param)}`;
}

/**
 * Reads a respondent page from a path: `/{slug}/{id}` for every catalogue slug with a questionnaire,
 * and `/evaluation/{complete|done|invalid|expired}/{param}`. A questionnaire slug without an id (or
 * with more than one segment after it) is a broken link: the 'invalid' outcome page, never the staff
 * sign-in. Null for any other path (the staff app).
 */
export function respondentPage(catalog: Catalog, pathname: string): RespondentPage | null {
  const parts = pathname.split('/').filter((part) => part !== '');
  if (parts[0] === 'evaluation' && parts.length <= 3) {
    const outcome = OUTCOMES.find((kind) => kind === parts[1]);
    if (outcome) return { kind: 'outcome', outcome, param: safeDecode(parts[2] ?? '') };
  }
  if (parts.length > 0 && catalog.types.some((entry) => entry.slug === parts[0] && entry.definition)) {
    const id = parts.length === 2 ? safeDecode(parts[1]!) : '';
    return id.trim() === '' ? { kind: 'outcome', outcome: 'invalid', param: '' } : { kind: 'questionnaire', slug: parts[0]!, id };
  }
  return null;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
