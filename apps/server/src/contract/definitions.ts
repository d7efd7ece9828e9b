/**
 * The questionnaire preview of the administrators (`GET /definitions/questionnaires`,
 * `POST /definitions/questionnaires/check`): schemas and their types.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** A questionnaire file of the repository as it is on disk. */
export const questionnaireFileSchema = {
  type: 'object',
  required: ['name', 'type', 'title', 'json'],
  additionalProperties: false,
  properties: {
    /** File name without `.json`. */
    name: { type: 'string' },
    type: { type: ['integer', 'null'] },
    title: { type: 'string' },
    // The file's JSON as it is (null when it is not JSON), so the browser can follow `extends` itself.
    json: {},
    error: { type: 'string' },
  },
} as const;

/** A questionnaire file as `GET /definitions/questionnaires` lists it. */
export type QuestionnaireFile = FromSchema<typeof questionnaireFileSchema>;

export const questionnaireFileListSchema = { type: 'array', items: questionnaireFileSchema } as const;

/** `POST /definitions/questionnaires/check`: the definition being written. */
export const definitionCheckSchema = { type: 'object', required: ['definition'], properties: { definition: {} } } as const;

export type DefinitionCheck = FromSchema<typeof definitionCheckSchema>;

/** How a definition compares with the last published version of the catalogue's file of its type. */
export const versionVerdictSchema = {
  type: 'object',
  required: ['file', 'state', 'latest', 'changes'],
  additionalProperties: false,
  properties: {
    file: { type: 'string' },
    state: { type: 'string', enum: ['published', 'unpublished', 'refused'] },
    latest: { type: ['string', 'null'] },
    next: { type: 'string' },
    needed: { type: 'integer' },
    kind: { type: 'string', enum: ['text', 'structure', 'scoring'] },
    changes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['pointer', 'kind', 'detail'],
        additionalProperties: false,
        properties: { pointer: { type: 'string' }, kind: { type: 'string' }, detail: { type: 'string' } },
      },
    },
  },
} as const;

export type VersionVerdict = FromSchema<typeof versionVerdictSchema>;

/** The parser's verdict: the definition with what it extends merged in (ok), or its errors with JSON pointers. */
export const definitionVerdictSchema = {
  type: 'object',
  required: ['ok'],
  additionalProperties: false,
  properties: {
    ok: { type: 'boolean' },
    definition: {},
    errors: {
      type: 'array',
      items: { type: 'object', required: ['pointer', 'message'], additionalProperties: false, properties: { pointer: { type: 'string' }, message: { type: 'string' } } },
    },
    version: versionVerdictSchema,
  },
} as const;

export type DefinitionVerdict = FromSchema<typeof definitionVerdictSchema>;
