/**
 * The grammar's modules import one way: no module of `engine/definition/` reaches itself through its
 * imports (type-only imports and re-exports included), so the shared types sit in leaves (`rows.ts`,
 * `errors.ts`, `filters.ts`) rather than in the modules that gather them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = join(process.cwd(), 'engine/definition');

/** The modules of the folder that a module's source imports or re-exports. */
function importsOf(source: string): string[] {
  return [...source.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'\.\/([A-Za-z0-9_]+)\.ts'/gms)].map((match) => `${match[1]}.ts`);
}

/** Every cycle of the import graph, as the chain of modules that closes it ('a.ts → b.ts → a.ts'). */
function importCycles(sources: Record<string, string>): string[] {
  const graph = new Map(Object.entries(sources).map(([name, source]) => [name, importsOf(source).filter((target) => target in sources)]));
  const cycles = new Set<string>();
  const walk = (name: string, path: string[]) => {
    const at = path.indexOf(name);
    if (at >= 0) {
      const loop = path.slice(at);
      // One rotation per cycle: start at its smallest name.
      const start = loop.indexOf([...loop].sort()[0]!);
      const rotated = [...loop.slice(start), ...loop.slice(0, start)];
      cycles.add([...rotated, rotated[0]].join(' → '));
      return;
    }
    for (const target of graph.get(name) ?? []) walk(target, [...path, name]);
  };
  for (const name of graph.keys()) walk(name, []);
  return [...cycles].sort();
}

describe('engine/definition imports', () => {
  it('finds a cycle where there is one', () => {
    expect(
      importCycles({
        'a.ts': "import type { B } from './b.ts';",
        'b.ts': "export type * from './c.ts';",
        'c.ts': "import type {\n  A,\n} from './a.ts';",
        'd.ts': "import type { A } from './a.ts';",
      }),
    ).toEqual(['a.ts → b.ts → c.ts → a.ts']);
  });

  it('has no import cycle', () => {
    const sources = Object.fromEntries(
      readdirSync(folder)
        .filter((name) => name.endsWith('.ts'))
        .map((name) => [name, readFileSync(join(folder, name), 'utf8')]),
    );
    expect(importCycles(sources)).toEqual([]);
  });
});
