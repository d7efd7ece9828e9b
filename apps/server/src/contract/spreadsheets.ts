/**
 * The employees spreadsheet of a company (`/users/excel/...`): the template and export downloads and the
 * import. Schemas and their types.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** A download's success: the .xlsx file. */
export const xlsxFileSchema = { description: 'Planilha .xlsx', type: 'string', format: 'binary' } as const;

const countsSchema = {
  type: 'object',
  required: ['employees', 'sectors', 'positions'],
  additionalProperties: false,
  properties: { employees: { type: 'integer' }, sectors: { type: 'integer' }, positions: { type: 'integer' } },
} as const;

/** Counts of an import. */
export type ImportCounts = FromSchema<typeof countsSchema>;

/** Answer of an import: what was created and what updated. */
export const importResultSchema = {
  type: 'object',
  required: ['message', 'created', 'updated'],
  additionalProperties: false,
  properties: { message: { type: 'string' }, created: countsSchema, updated: countsSchema },
} as const;

export type ImportResult = FromSchema<typeof importResultSchema>;
