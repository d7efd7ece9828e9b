import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateSchema, root, schemaTargets } from '../../scripts/lib/schema.ts';

describe('definition schemas', () => {
  it.each(schemaTargets)('definitions/schema/$out is the schema generated from $source', (target) => {
    expect(readFileSync(`${root}definitions/schema/${target.out}`, 'utf8')).toBe(generateSchema(target));
  }, 60000);
});
