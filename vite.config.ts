import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: `${root}apps/web`,
  publicDir: `${root}apps/web/public`,
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: `${root}dist/web`,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
  test: {
    root,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root,
          include: ['tests/engine/**/*.test.ts', 'tests/definitions/**/*.test.ts', 'tests/scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          root,
          include: ['tests/renderer/**/*.test.tsx', 'tests/web/**/*.test.tsx'],
          environment: 'jsdom',
        },
      },
      {
        extends: true,
        test: {
          name: 'server-pglite',
          root,
          include: ['tests/server/**/*.test.ts'],
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
          root,
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DATABASE: 'postgres' },
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root,
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 120000,
          hookTimeout: 180000,
        },
      },
    ],
  },
});
