import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Flat config merges no rule's options: where several entries set one rule for a file, the last
// entry's options replace the others' whole. So an entry for one boundary repeats what its files
// keep of the others, and tests/integration/lint-boundaries.test.ts lints a probe for each one.

// `regex`, not `group`: in gitignore-style groups a leading # starts a comment and matches nothing.
const serverImport = { regex: '^(#server/|(\\.\\./)+server/)', message: 'app/ reaches server code only from *.server.ts files', allowTypeImports: true };

// app/ and common/ take zod from #common/zod.ts, which sets the browser's zod up before any schema.
const zodFromCommon = { name: 'zod', message: 'app/ and common/ take zod from #common/zod.ts', allowTypeImports: true };

const notFromAppOrScripts = { regex: '^(#app/|#app-context|#scripts/|(\\.\\./)+(app|scripts)/)', message: 'server/ imports neither app/ nor scripts/' };
const dbOnlyForRepositories = { regex: '^#server/db/', message: 'SQL lives in *.repository.ts: import only types from server/db here', allowTypeImports: true };
// Read from this file's folder, not the working directory, so that ESLint runs from any folder.
const MODULES = readdirSync(new URL('server/modules', import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const otherModulesRepositories = (module) => ({
  regex: `^(#server/modules/(?!${module}/)[^/]+/|\\.\\./(\\.\\./)*[^./][^/]*/)[^/]+\\.repository(\\.ts)?$`,
  message: "a module reaches another module through its service, never its repository",
});
// Where SQL may be written: repositories, the database setup, and the tests that check rows.
const SQL_ALLOWED = ['**/*.repository.ts', 'server/db/**', '**/*.test.ts', 'tests/**'];

// Code that must not write SQL outside SQL_ALLOWED: the server, the pages, the scripts and the bench.
const SQL_CHECKED = ['server/**/*.ts', 'app/**/*.{ts,tsx}', 'scripts/**/*.ts', 'bench/**/*.ts'];
// Kysely's ways in: the query builders, `sql` templates, and `sql.raw`, `sql.lit`, `sql.ref` … (members of `sql`).
const noSql = "SQL lives in *.repository.ts: call the module's service";
const NO_SQL = [
  { selector: 'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|executeQuery)$/]', message: noSql },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: noSql },
  { selector: "MemberExpression[object.name='sql']", message: noSql },
];
// A StoreScope is made only by server/tenancy/store-scope.ts, after its check (decision 025).
const STORE_SCOPE_MAKER = 'server/tenancy/store-scope.ts';
const STORE_SCOPE_CAST = { selector: "TSAsExpression[typeAnnotation.typeName.name='StoreScope']", message: 'A StoreScope comes from ownStoreScope, shopStoreScope or staffStoreScope, never from a cast' };
const restrictedSyntax = (...selectors) => ({ 'no-restricted-syntax': ['error', ...selectors] });

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', '.react-router/', 'test-results/', 'playwright-report/', 'data/', 'bench/results/', 'tests/support/api-types.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': ['error', { ignoreRestArgs: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [zodFromCommon], patterns: [serverImport] }],
    },
  },
  { files: ['app/**/*.server.ts', 'app/entry.server.tsx'], rules: { '@typescript-eslint/no-restricted-imports': 'off' } },
  // The request context's token is made on the server side (server never imports app); this file
  // hands it to app/, and it holds nothing but react-router's createContext.
  {
    files: ['app/app-context.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [zodFromCommon], patterns: [{ ...serverImport, regex: '^(#server/(?!request-context\\.ts$)|(\\.\\./)+server/)' }] }],
    },
  },
  // The server stands on its own (pages and scripts use it, never the other way round); SQL lives
  // in repositories, server/db and the start-up wiring; a module reaches another only through its
  // service (decision 023).
  { files: ['server/**/*.ts'], rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [notFromAppOrScripts, dbOnlyForRepositories] }] } },
  ...MODULES.map((module) => ({
    files: [`server/modules/${module}/**/*.ts`],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [notFromAppOrScripts, dbOnlyForRepositories, otherModulesRepositories(module)] }] },
  })),
  {
    files: [...SQL_ALLOWED, 'server/main.ts', 'server/dev-server.ts', 'server/health.ts'],
    ignores: ['server/db/migrations/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [notFromAppOrScripts] }] },
  },
  // A repository may use server/db, yet it belongs to its module: another module's repository stays
  // out of reach. The entry above replaced the module's patterns for it, so they are given again.
  ...MODULES.map((module) => ({
    files: [`server/modules/${module}/**/*.repository.ts`],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [notFromAppOrScripts, otherModulesRepositories(module)] }] },
  })),
  // Tests outside server/ look at the whole app (menus, routes, pages): no boundary applies there.
  { files: ['tests/**/*.ts'], rules: { '@typescript-eslint/no-restricted-imports': 'off' } },
  {
    files: ['common/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [zodFromCommon],
          patterns: [{ regex: '^(#server/|#app/|#app-context|(\\.\\./)+(server|app)/)', message: 'common/ is shared by both sides and imports neither' }],
        },
      ],
    },
  },
  { files: ['common/zod.ts'], rules: { '@typescript-eslint/no-restricted-imports': 'off' } },
  // `no-restricted-syntax` takes one list of selectors for two rules, no SQL and no StoreScope
  // cast: each entry below lists every selector its files keep, from the widest to the narrowest.
  // (An entry per rule let the StoreScope list switch the SQL rule off, without a word, until
  // issue 19.)
  { files: ['**/*.{ts,tsx}'], ignores: [STORE_SCOPE_MAKER], rules: restrictedSyntax(STORE_SCOPE_CAST) },
  { files: SQL_CHECKED, ignores: [...SQL_ALLOWED, STORE_SCOPE_MAKER], rules: restrictedSyntax(...NO_SQL, STORE_SCOPE_CAST) },
  { files: [STORE_SCOPE_MAKER], rules: restrictedSyntax(...NO_SQL) },
  // Migrations are frozen in time: they may not depend on code that keeps changing.
  {
    files: ['server/db/migrations/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: '^#', message: 'migrations never import app code' }] }],
    },
  },
);
