/**
 * Writes the JSON Schemas of `definitions/schema/` from the TypeScript definition types, so the types
 * stay the single source. `--check` fails when a committed schema differs from the types.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { generateSchema, root, schemaTargets } from './lib/schema.ts';

const check = process.argv.includes('--check');
let drift = false;
for (const target of schemaTargets) {
  const file = `${root}definitions/schema/${target.out}`;
  const text = generateSchema(target);
  if (!check) {
    writeFileSync(file, text);
    console.log(`wrote definitions/schema/${target.out}`);
  } else if (readFileSync(file, 'utf8') !== text) {
    console.error(`definitions/schema/${target.out} differs from ${target.source}: run \`npm run schema\`.`);
    drift = true;
  }
}
if (drift) process.exit(1);
