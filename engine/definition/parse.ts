import { Ajv, type ErrorObject } from 'ajv';
import catalogSchema from '../../definitions/schema/catalog.schema.json' with { type: 'json' };
import dashboardSchema from '../../definitions/schema/dashboard.schema.json' with { type: 'json' };
import questionnaireSchema from '../../definitions/schema/questionnaire.schema.json' with { type: 'json' };
import type { Catalog } from './catalog.ts';
import type { DashboardDefinition } from './dashboard.ts';
import type { QuestionnaireDefinition } from './types.ts';

/** A problem found in a definition file, located by JSON pointer. */
export interface DefinitionError {
  /** JSON pointer of the offending value ("/pages/0/questions/3/scale"). */
  pointer: string;
  /** What is wrong. */
  message: string;
}

/** The outcome of parsing a definition: a typed value or the list of problems. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: DefinitionError[] };

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
const validators = {
  questionnaire: ajv.compile<QuestionnaireDefinition>(questionnaireSchema),
  dashboard: ajv.compile<DashboardDefinition>(dashboardSchema),
  catalog: ajv.compile<Catalog>(catalogSchema),
};

function schemaErrors(errors: ErrorObject[] | null | undefined): DefinitionError[] {
  return (errors ?? []).map((error) => ({ pointer: error.instancePath || '/', message: error.message ?? 'invalid' }));
}

/** Checks that the schema cannot express: unique ids, scale and score references, band order. */
function questionnaireSemantics(definition: QuestionnaireDefinition): DefinitionError[] {
  const errors: DefinitionError[] = [];
  const seen = new Set<string>();
  definition.pages.forEach((page, pageIndex) => {
    page.questions.forEach((question, questionIndex) => {
      const pointer = `/pages/${pageIndex}/questions/${questionIndex}`;
      if (seen.has(question.id)) errors.push({ pointer: `${pointer}/id`, message: `duplicate question id "${question.id}"` });
      seen.add(question.id);
      if (question.kind === 'scale' && (definition.scales[question.scale]?.length ?? 0) < 2) {
        errors.push({ pointer: `${pointer}/scale`, message: `unknown scale "${question.scale}" or fewer than two options` });
      }
    });
  });
  for (const [key, options] of Object.entries(definition.scales)) {
    const values = options.map((option) => option.value);
    if (new Set(values).size !== values.length) errors.push({ pointer: `/scales/${key}`, message: 'repeated option value' });
  }
  const scoring = definition.scoring;
  if (scoring) {
    const scoreIds = new Set<string>();
    scoring.scores.forEach((score, index) => {
      if (scoreIds.has(score.id)) errors.push({ pointer: `/scoring/scores/${index}/id`, message: `duplicate score id "${score.id}"` });
      scoreIds.add(score.id);
      if (score.questions !== 'all') {
        score.questions.forEach((id, questionIndex) => {
          if (!seen.has(id)) errors.push({ pointer: `/scoring/scores/${index}/questions/${questionIndex}`, message: `unknown question "${id}"` });
        });
      }
    });
    const classification = scoring.classification;
    if (classification) {
      if (!scoreIds.has(classification.score)) {
        errors.push({ pointer: '/scoring/classification/score', message: `unknown score "${classification.score}"` });
      }
      let previous = -Infinity;
      classification.bands.forEach((band, index) => {
        const isLast = index === classification.bands.length - 1;
        if (band.below === undefined && !isLast) {
          errors.push({ pointer: `/scoring/classification/bands/${index}/below`, message: 'only the last band may omit "below"' });
        }
        if (band.below !== undefined) {
          if (band.below <= previous) errors.push({ pointer: `/scoring/classification/bands/${index}/below`, message: 'bands must increase' });
          previous = band.below;
        }
      });
    }
  }
  return errors;
}

function parseWith<T>(validate: ((json: unknown) => json is T) & { errors?: ErrorObject[] | null }, json: unknown, semantics: (value: T) => DefinitionError[]): ParseResult<T> {
  if (!validate(json)) return { ok: false, errors: schemaErrors(validate.errors) };
  const errors = semantics(json);
  return errors.length === 0 ? { ok: true, value: json } : { ok: false, errors };
}

/** Validates a questionnaire definition against its schema and cross-references. */
export function parseQuestionnaire(json: unknown): ParseResult<QuestionnaireDefinition> {
  return parseWith(validators.questionnaire, json, questionnaireSemantics);
}

/** Validates a dashboard definition against its schema. */
export function parseDashboard(json: unknown): ParseResult<DashboardDefinition> {
  return parseWith(validators.dashboard, json, () => []);
}

/** Validates the evaluation-type catalogue: schema, unique type ids. */
export function parseCatalog(json: unknown): ParseResult<Catalog> {
  return parseWith(validators.catalog, json, (catalog) => {
    const ids = catalog.types.map((entry) => entry.type);
    return ids
      .map((id, index) => (ids.indexOf(id) !== index ? { pointer: `/types/${index}/type`, message: `duplicate type ${id}` } : null))
      .filter((error): error is DefinitionError => error !== null);
  });
}

/** Formats parse errors one per line, for logs and failing tests. */
export function describeErrors(source: string, errors: DefinitionError[]): string {
  return errors.map((error) => `${source}${error.pointer}: ${error.message}`).join('\n');
}
