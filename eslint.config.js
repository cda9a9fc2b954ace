// Lint for the whole workspace (`npm test` runs it). Generated Relay artifacts and builds are skipped.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import relay from 'eslint-plugin-relay';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tools/**', 'data/**', '**/__generated__/**', 'test-results/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        // Node runs our .ts directly (type stripping): only erasable syntax.
        { selector: 'TSEnumDeclaration', message: 'Use a union of string literals: Node type stripping cannot run enums.' },
        { selector: 'TSModuleDeclaration[kind!="global"]', message: 'Namespaces are not erasable syntax.' },
      ],
    },
  },
  {
    // Reliability V4: SQL is built with Kysely and the sql`` tag, whose values travel as parameters.
    // sql.raw splices text into SQL verbatim, so it is allowed only where the text is ours.
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'sql', property: 'raw', message: 'sql.raw splices text into SQL unescaped (V4). Use sql`` with parameters, sql.id/sql.ref for identifiers, or sql.lit for constants.' },
      ],
    },
  },
  {
    // One REST edge (services/platform/src/rest.ts): routes come from the platform's createRoute
    // (its status keys stay numbers, so a handler's problems are checked against its route), and a
    // handler or route never silences that check with `as never`.
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/platform/**', 'services/*/src/**/*.test.ts', 'services/*/src/test/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@hono/zod-openapi', importNames: ['createRoute'], message: "Use createRoute from '@shop/platform' (rest.ts)." }] }],
    },
  },
  {
    files: ['services/*/src/**/*.handlers.ts', 'services/*/src/**/*.routes.ts', 'services/*/src/**/routes.ts', 'services/*/src/**/app.ts', 'services/*/src/server.ts'],
    ignores: ['services/payment/src/sandbox/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a union of string literals: Node type stripping cannot run enums.' },
        { selector: 'TSModuleDeclaration[kind!="global"]', message: 'Namespaces are not erasable syntax.' },
        { selector: 'TSAsExpression > TSNeverKeyword', message: 'Return the typed answer (problemResponse, c.json with a literal status) so the route table checks it; never `as never`.' },
      ],
    },
  },
  {
    // Migrations build index DDL (names and column lists) from constants in the migration itself.
    files: ['services/*/src/db/migrations/**/*.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // The bulk seed drops the secondary indexes and recreates them from the server's own
    // definitions (pg_indexes.indexdef) in the same transaction: DDL text from the catalogue,
    // never from a request. Keep this to seed.ts only.
    files: ['services/deals/src/seed/seed.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Relay's own lint (its presets name rules but register no plugin, so flat config lists them):
    // every graphql`` parses and is named for its module, fields a module selects are read there,
    // a spread fragment's component is imported, hooks get their generated types and arguments.
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { relay },
    rules: {
      'relay/graphql-syntax': 'error',
      'relay/graphql-naming': 'error',
      'relay/unused-fields': 'error',
      'relay/must-colocate-fragment-spreads': 'error',
      'relay/generated-typescript-types': 'error',
      'relay/hook-required-argument': 'error',
      'relay/function-required-argument': 'error',
      'relay/no-future-added-value': 'error',
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
