import { createGenerator } from 'ts-json-schema-generator';
import { fileURLToPath } from 'node:url';

/** Root of the repository. */
export const root = fileURLToPath(new URL('../..', import.meta.url));

/** The schemas generated from the definition types. */
export const schemaTargets = [
  { type: 'QuestionnaireFile', source: 'engine/definition/types.ts', out: 'questionnaire.schema.json' },
  { type: 'DashboardFile', source: 'engine/definition/repeat.ts', out: 'dashboard.schema.json' },
  { type: 'Catalog', source: 'engine/definition/catalog.ts', out: 'catalog.schema.json' },
  { type: 'RiskMatrix', source: 'engine/definition/riskTypes.ts', out: 'riskMatrix.schema.json' },
] as const;

/** The schema text generated from the TypeScript type of one target. */
export function generateSchema(target: (typeof schemaTargets)[number]): string {
  const schema = createGenerator({
    path: `${root}${target.source}`,
    type: target.type,
    skipTypeCheck: true,
    additionalProperties: false,
    topRef: false,
    jsDoc: 'extended',
  }).createSchema(target.type);
  return `${JSON.stringify({ $id: target.out, ...schema }, null, 2)}\n`;
}
