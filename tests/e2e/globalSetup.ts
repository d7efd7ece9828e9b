/**
 * Global set-up of the browser tests: a directory for this run's prepared data directories
 * (`templates.ts`: each migrated, seeded kind of data is built there once, and every test file's server
 * starts on a copy). The demo one, which most files start on, is built at once, while the tests that
 * run before the browser files do; the others the first time a worker needs them. Removed when the run
 * ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { preparedDataDir } from './templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's server templates are built (`tests/e2e/world.ts`). */
    e2eTemplates: string;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'avalia-e2e-templates-'));
  project.provide('e2eTemplates', dir);
  // Not awaited: a worker that needs it first waits for it (or builds it again if this build failed).
  const demo = preparedDataDir(dir, 'demo').catch(() => undefined);
  return async () => {
    await demo;
    rmSync(dir, { recursive: true, force: true });
  };
}
