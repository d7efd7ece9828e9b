import type { Catalog, CatalogEntry } from '../definition/catalog.ts';
import type { QuestionnaireDefinition } from '../definition/types.ts';
import { linkState } from './linkState.ts';
import { outcomePath } from './respondentPaths.ts';

/** An evaluation as a respondent link sees it (the public `GET /evaluation/find/{id}`). */
export interface EvaluationLink {
  id: string;
  user_id: number | string;
  rated: number | string | null;
  rated_sector: number | string | null;
  type_evaluation: number;
  version: number | string | null;
  /** The questionnaire version the evaluation was created with ("2.1"); the form it opens. */
  definition_version?: string | null;
  done: boolean;
  expire_at: string | null;
  evaluator_name?: string;
  rated_name?: string | null;
  /** Name of the rated sector (the area maps show it); null when the evaluation rates none. */
  rated_sector_name?: string | null;
}

/** Where a questionnaire link leads: its form, or an outcome page (invalid, done, expired). */
export type LinkDestination = { kind: 'open'; entry: CatalogEntry & { definition: string } } | { kind: 'outcome'; path: string };

/**
 * Decides what `/{slug}/{id}` shows, on the server (before sending any HTML) and in the browser alike:
 * an unknown id, or a link whose slug is not its evaluation type's, is invalid; an answered one is done;
 * one past its expiry is expired (the page shows the expiry date); otherwise the form opens.
 */
export function linkDestination(catalog: Catalog, slug: string, id: string, evaluation: EvaluationLink | null, now: Date): LinkDestination {
  const entry = evaluation ? catalog.types.find((type) => type.slug === slug && type.type === evaluation.type_evaluation) : undefined;
  const state = linkState(evaluation, now);
  if (!evaluation || !entry?.definition || state === 'invalid') return { kind: 'outcome', path: outcomePath('invalid', id) };
  if (state === 'done') return { kind: 'outcome', path: outcomePath('done', id) };
  if (state === 'expired') return { kind: 'outcome', path: outcomePath('expired', String(Date.parse(evaluation.expire_at ?? ''))) };
  return { kind: 'open', entry: entry as CatalogEntry & { definition: string } };
}

/** The detail lines under a form's title ("Nome completo do avaliado(a): …"), from its evaluation. */
export function detailLines(definition: QuestionnaireDefinition, evaluation: EvaluationLink): string[] {
  const values = {
    ratedName: evaluation.rated_name,
    evaluatorName: evaluation.evaluator_name,
    ratedSector: evaluation.rated_sector_name,
  } as const;
  return (definition.details ?? []).flatMap((detail) => {
    const value = values[detail.source];
    return value ? [`${detail.label}: ${value}`] : [];
  });
}

/**
 * What the server puts in a respondent page's HTML so the browser needs no request before the form:
 * the evaluation, its definition (with what it extends already merged) and the detail lines. Outcome
 * pages need nothing but the path.
 */
export type RespondentBootstrap =
  | { kind: 'questionnaire'; evaluation: EvaluationLink; definition: QuestionnaireDefinition; details: string[] }
  | { kind: 'outcome' };

/** Id of the `<script type="application/json">` element that carries the bootstrap. */
export const BOOTSTRAP_ELEMENT_ID = 'avalia-bootstrap';

/** The bootstrap as text safe inside a `<script>` element (no `</script>`, no line separators). */
export function bootstrapJson(bootstrap: RespondentBootstrap): string {
  return JSON.stringify(bootstrap).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
