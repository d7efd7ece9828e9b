import { Ajv, type ValidateFunction } from 'ajv';
import catalogSchema from '../../definitions/schema/catalog.schema.json' with { type: 'json' };
import dashboardSchema from '../../definitions/schema/dashboard.schema.json' with { type: 'json' };
import questionnaireSchema from '../../definitions/schema/questionnaire.schema.json' with { type: 'json' };
import riskMatrixSchema from '../../definitions/schema/riskMatrix.schema.json' with { type: 'json' };
import type { Catalog } from './catalog.ts';
import type { DefinitionError, ParseResult } from './errors.ts';
import type { DashboardDefinition } from './dashboard.ts';
import { resolveOwnFields, resolveQuestionnaire, type QuestionnaireLookup } from './extend.ts';
import { dashboardErrors } from './dashboardSemantics.ts';
import { uniqueErrors } from './defs.ts';
import { expandDashboard, followReferences } from './dashboardSource.ts';
import type { DashboardFile } from './repeat.ts';
import { schemaErrorReader } from './schemaErrors.ts';
import { riskMatrixErrors, type RiskMatrix } from './risk.ts';
import { questionnaireSemantics } from './semantics.ts';
import type { QuestionnaireDefinition, QuestionnaireExtension } from './types.ts';
import { format, messages } from '../messages.ts';

export type { DefinitionError, ParseResult, QuestionnaireLookup };

// Verbose: a union's error carries its branches and the value, so the branch meant can be told apart.
const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
ajv.addSchema(questionnaireSchema);
const validators = {
  // A file is a whole definition or, with "extends", an extension: each checked by its own schema.
  extension: ajv.getSchema<QuestionnaireExtension>('questionnaire.schema.json#/definitions/QuestionnaireExtension')!,
  questionnaire: ajv.getSchema<QuestionnaireDefinition>('questionnaire.schema.json#/definitions/QuestionnaireDefinition')!,
  dashboard: ajv.compile<DashboardFile>(dashboardSchema),
  catalog: ajv.compile<Catalog>(catalogSchema),
  riskMatrix: ajv.compile<RiskMatrix>(riskMatrixSchema),
};
const schemaErrors = schemaErrorReader(ajv, [questionnaireSchema, dashboardSchema, catalogSchema, riskMatrixSchema]);

function parseWith<T>(validate: ValidateFunction<T>, json: unknown, semantics: (value: T) => DefinitionError[]): ParseResult<T> {
  if (!validate(json)) return { ok: false, errors: schemaErrors(validate.errors) };
  const errors = semantics(json);
  return errors.length === 0 ? { ok: true, value: json } : { ok: false, errors };
}

/**
 * Validates a questionnaire file against its schema and cross-references; an extension is resolved
 * through `lookup` first and the result validated as a whole definition.
 */
export function parseQuestionnaire(json: unknown, lookup: QuestionnaireLookup = () => undefined): ParseResult<QuestionnaireDefinition> {
  const isExtension = typeof json === 'object' && json !== null && 'extends' in json;
  if (isExtension) {
    // The extension's own fields, references followed, must already be valid fields of a questionnaire.
    const own = resolveOwnFields(json, lookup);
    if (!own.ok) return own;
    if (!validators.extension(own.value)) return { ok: false, errors: schemaErrors(validators.extension.errors) };
  }
  const resolved = resolveQuestionnaire(json, lookup);
  if (!resolved.ok) return resolved;
  return parseWith(validators.questionnaire, resolved.value, questionnaireSemantics);
}

/**
 * Follows a dashboard file's references (its `$defs` pieces, then other files'), validates it against
 * its schema (repeats and palette names as written), copies out its repeats and resolves its colours
 * (`dashboardSource.ts`), then (given the questionnaires by evaluation type) checks that every type, question, score, tag, dataset and field it names exists. Every error is
 * at its JSON pointer in the file; the value is the expanded dashboard.
 */
export function parseDashboard(json: unknown, questionnaires?: Map<number, QuestionnaireDefinition>, lookup: QuestionnaireLookup = () => undefined): ParseResult<DashboardDefinition> {
  // `$ref`s first: the file's own `$defs` pieces, then other files' (the 360 competencies, written once beside the questionnaires).
  const followed = followReferences(json, lookup);
  if (!followed.ok) return followed;
  const file = parseWith(validators.dashboard, followed.value, () => []);
  if (!file.ok) return { ok: false, errors: uniqueErrors(file.errors.map(followed.locate)) };
  const expanded = expandDashboard(file.value, followed.locate);
  if (!expanded.ok) return expanded;
  const { dashboard, locate } = expanded.value;
  const errors = questionnaires ? uniqueErrors(dashboardErrors(dashboard, questionnaires).map(locate)) : [];
  return errors.length === 0 ? { ok: true, value: dashboard } : { ok: false, errors };
}

/** Validates a risk matrix (the default `definitions/riskMatrix.json`, or a company's own): schema, a full grid of known levels, never lower for more severity or probability. */
export function parseRiskMatrix(json: unknown): ParseResult<RiskMatrix> {
  return parseWith(validators.riskMatrix, json, riskMatrixErrors);
}

/** Validates the evaluation-type catalogue: schema, unique type ids. */
export function parseCatalog(json: unknown): ParseResult<Catalog> {
  return parseWith(validators.catalog, json, (catalog) => {
    const ids = catalog.types.map((entry) => entry.type);
    const errors: DefinitionError[] = ids
      .map((id, index) => (ids.indexOf(id) !== index ? { pointer: `/types/${index}/type`, message: format(messages.definitionCheck.duplicateType, { type: id }) } : null))
      .filter((error): error is DefinitionError => error !== null);
    catalog.types.forEach((entry, index) => {
      (entry.create?.bundle ?? []).forEach((type, position) => {
        const member = catalog.types.find((candidate) => candidate.type === type);
        // A bundle member must be an ordinary type: it is created with the bundle's days and e-mailed by its link.
        if (!member || member.create?.bundle || !member.slug) {
          errors.push({ pointer: `/types/${index}/create/bundle/${position}`, message: format(messages.definitionCheck.bundleMember, { type }) });
        }
      });
    });
    return errors;
  });
}

/**
 * Formats parse errors one per line, for the check script, logs and failing tests: the file, the
 * JSON path of the offending value, the message
 * ("definitions/questionnaires/estresse.json /pages/0/questions/3/scale: a escala … não existe").
 */
export function describeErrors(source: string, errors: DefinitionError[]): string {
  return errors.map((error) => `${source} ${error.pointer}: ${error.message}`).join('\n');
}
