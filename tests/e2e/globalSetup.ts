/**
 * Global set-up of the browser tests: a directory for this run's server templates (`world.ts` builds
 * each migrated, seeded data directory there once, the first time a worker needs it, and every test
 * file's server starts on a copy). Removed when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's server templates are built (`tests/e2e/world.ts`). */
    e2eTemplates: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'avalia-e2e-templates-'));
  project.provide('e2eTemplates', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
