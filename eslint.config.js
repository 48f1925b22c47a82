import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// `regex`, not `group`: in gitignore-style groups a leading # starts a comment and matches nothing.
const serverImport = { regex: '^(#server/|(\\.\\./)+server/)', message: 'app/ reaches server code only from *.server.ts files', allowTypeImports: true };

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', '.react-router/', 'test-results/', 'playwright-report/', 'data/', 'bench/results/'] },
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
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [serverImport] }],
    },
  },
  { files: ['app/**/*.server.ts', 'app/entry.server.tsx'], rules: { '@typescript-eslint/no-restricted-imports': 'off' } },
  {
    files: ['common/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(#server/|#app/|#app-context|(\\.\\./)+(server|app)/)', message: 'common/ is shared by both sides and imports neither' }] },
      ],
    },
  },
  // A StoreScope is made only by server/modules/store/store-scope.ts, after its check (decision 025).
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['server/modules/store/store-scope.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "TSAsExpression[typeAnnotation.typeName.name='StoreScope']", message: 'A StoreScope comes from ownStoreScope, shopStoreScope or staffStoreScope, never from a cast' }],
    },
  },
  // Migrations are frozen in time: they may not depend on code that keeps changing.
  {
    files: ['server/db/migrations/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: '^#', message: 'migrations never import app code' }] }],
    },
  },
);
