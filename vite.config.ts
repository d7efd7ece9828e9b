import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import catalog from './definitions/catalog.json' with { type: 'json' };
import { respondentPage } from './engine/lifecycle/respondentPaths.ts';
import { precompress } from './scripts/lib/precompress.ts';
import SlowFirstSequencer from './tests/sequencer.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The one UI file that replaces `window.location` (vi.stubGlobal), which a VM context's jsdom does not allow. */
const UI_REPLACING_LOCATION = 'tests/web/auth/signOut.test.tsx';

/** In `vite` dev, respondent links get the respondent entry, as the server does in production. */
function respondentEntry(): Plugin {
  return {
    name: 'avalia-respondent-entry',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const path = (request.url ?? '/').split('?')[0] ?? '/';
        if (request.method === 'GET' && respondentPage(catalog, path)) request.url = '/respondent.html';
        next();
      });
    },
  };
}

/** After a build, writes brotli and gzip copies of its files for the server to send as they are. */
function precompressBuild(): Plugin {
  let outDir = '';
  return {
    name: 'avalia-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      precompress(outDir);
    },
  };
}

export default defineConfig({
  root: `${root}apps/web`,
  publicDir: `${root}apps/web/public`,
  plugins: [react(), respondentEntry(), precompressBuild()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: `${root}dist/web`,
    emptyOutDir: true,
    // Two pages: the staff app, and the respondent entry that never loads the router, charts or admin code.
    rolldownOptions: { input: { index: `${root}apps/web/index.html`, respondent: `${root}apps/web/respondent.html` } },
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // The server reads it to announce every chunk a respondent page will run (modulepreload).
    manifest: true,
  },
  test: {
    root,
    // Slow files first within each group of projects, from tests/durations.json (a clean clone has no timing cache).
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Unit, UI and the PGlite API tests run in-process and CPU-bound: two files at a time use both
          // cores (a quarter faster than one); the projects with servers of their own run after, one file at a time.
          maxWorkers: 2,
          // Pure functions of the engine and the definitions: the files share their worker's modules (56 files in
          // 8 s instead of 18 s; a fresh worker per file costs more than most of them take). The UI files keep a
          // fresh worker each: sharing one jsdom made them no faster (each file slower in a fuller document).
          isolate: false,
          sequence: { groupOrder: 0 },
          root,
          include: ['tests/engine/**/*.test.ts', 'tests/definitions/**/*.test.ts', 'tests/scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        // react-router-dom's CommonJS build requires react-router's ES modules, which a VM context's require()
        // cannot load: the UI files import its ES module build, as the web build does.
        resolve: { alias: [{ find: /^react-router-dom$/, replacement: `${root}node_modules/react-router-dom/dist/index.mjs` }] },
        test: {
          name: 'ui',
          maxWorkers: 2,
          // Each file still runs in a fresh jsdom and module graph of its own, in a VM context of a worker
          // that stays up (forks started a process per file: 40 files took 90 s and 142 s of CPU, now 41 s
          // and 60 s).
          pool: 'vmThreads',
          // Screens with a data grid render slowly in jsdom when the other worker is busy too.
          testTimeout: 20000,
          sequence: { groupOrder: 0 },
          root,
          include: ['tests/renderer/**/*.test.tsx', 'tests/web/**/*.test.tsx'],
          exclude: [UI_REPLACING_LOCATION],
          environment: 'jsdom',
          setupFiles: ['tests/ui/noTransitions.ts', 'tests/ui/closeToasts.ts'],
        },
      },
      {
        extends: true,
        test: {
          // In a VM context `window.location` is jsdom's own, which cannot be replaced: the file that stubs it
          // to see where sign-out goes runs as the UI files did before, in a process of its own.
          name: 'ui-location',
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
          root,
          include: [UI_REPLACING_LOCATION],
          environment: 'jsdom',
          setupFiles: ['tests/ui/noTransitions.ts', 'tests/ui/closeToasts.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server-pglite',
          // The files share each worker's modules (the server's import takes seconds) and, on PGlite, one
          // migrated cluster the databases are copied from: every file still builds its own app and database.
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
          root,
          include: ['tests/server/**/*.test.ts', 'tests/results/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DATABASE: 'pglite' },
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-postgres',
          isolate: false,
          // Each file has a database of its own on the one PostgreSQL server: two files at a time.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          root,
          include: ['tests/server/**/*.test.ts', 'tests/results/**/*.test.ts'],
          // Drawings, not queries: the charts' labels, the reports' page fills and summary lines, laid out
          // from the golden answers whose numbers dashboardGolden.test.ts proves on both databases; and the
          // files that open no database at all (PDF layout, the report pool, contracts). Once is enough.
          exclude: [
            'tests/server/chartLabels.test.ts',
            'tests/server/reportLayout.test.ts',
            'tests/server/reportSummary.test.ts',
            'tests/server/reportPages.test.ts',
            'tests/server/reportPool.test.ts',
            'tests/server/reportGlyphs.test.ts',
            'tests/server/reportHelp.test.ts',
            'tests/server/reportSvgSize.test.ts',
            'tests/server/lineBandLabels.test.ts',
            'tests/server/contentDisposition.test.ts',
            'tests/server/contractSources.test.ts',
            'tests/server/resultCallDeclarations.test.ts',
          ],
          environment: 'node',
          env: { TEST_DATABASE: 'postgres' },
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          // Real server processes (crash, restart, backup, the data directory's lock, Ctrl-C): no browser.
          // They run beside the PostgreSQL API files (same group, its two workers), not after the
          // browser files, where the longest would finish alone.
          name: 'ops',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          root,
          include: ['tests/ops/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120000,
          hookTimeout: 180000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          // Two files at a time. Each file has its own server on a copy of a prepared data directory;
          // a worker's files share its modules (`isolate: false`) and so its one Chromium (tests/e2e/world.ts).
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 3 },
          root,
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          environment: 'node',
          // A page under load can take seconds to show what a poll waits for (Vitest's default gives it 1 s).
          expect: { poll: { timeout: 15000 } },
          testTimeout: 120000,
          hookTimeout: 180000,
        },
      },
    ],
  },
});
