import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['engine/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['react', 'react-*', '@mui/*', 'fastify', 'pg', '@electric-sql/*', 'drizzle-orm*', 'node:*'], message: 'engine/ stays free of UI, HTTP, database and Node I/O.' }],
      }],
    },
  },
  {
    // A file says one thing and a function does one thing: a route module over 400 lines, or a closure
    // over 250, mixes concerns (routes/notifications.ts held e-mails, queues, reminders, retention and
    // the outbox). Blank lines and comments do not count.
    files: ['apps/**/*.{ts,tsx}', 'engine/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 250, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // The browser takes the wire contract's types from the server and nothing else: a value import would
    // put schemas (or server code) into the bundle.
    files: ['apps/web/**/*.{ts,tsx}', 'renderer/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/server/src/contract/*'], allowTypeImports: true, message: 'The web app imports the contract type-only (import type).' },
          { regex: 'server/src/(?!contract/)', message: 'The web app takes only the contract\'s types from the server.' },
        ],
      }],
    },
  },
);
