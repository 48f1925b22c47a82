import { configDefaults, defineConfig } from 'vitest/config';

// Unit, integration and API tests. Pages in a real browser live in tests/e2e (Playwright).
export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify('test-build') },
  // The tests' own JSX as production JSX: React's production build (NODE_ENV below) has no jsxDEV.
  oxc: { jsx: { development: false } },
  test: {
    // The cluster test (three processes behind Caddy, decision 099) runs once, on PostgreSQL, in a
    // phase of its own (scripts/test.ts sets CLUSTER_TEST=1): not in the SQLite and PostgreSQL legs.
    include: ['{server,common,app,scripts}/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts', ...(process.env.CLUSTER_TEST === '1' ? ['tests/cluster/**/*.test.ts'] : [])],
    // The PostgreSQL leg runs only what may depend on the database (decision 106): not these files,
    // which never open the suite's database. common/ and app/ cannot reach one (eslint.config.js's
    // boundaries: app/ reaches server/ only from *.server.ts, and no test there is one); the rest ask
    // the same in-process SQLite whatever DATABASE_URL says (the API document, the SQLite adapter)
    // or read no database at all (lint rules, import cycles).
    exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? ['common/**', 'app/**', 'tests/integration/openapi*.test.ts', 'tests/integration/lint-boundaries.test.ts', 'server/db/sqlite-dialect.test.ts', 'server/import-cycles.test.ts'] : [])],
    environment: 'node',
    // React's production build, as `npm start` and every deployment run it (NODE_ENV picks the
    // libraries' build only, decision 026; the app's own mode comes from each test's config). Its
    // development build makes every element with an owner stack and checks every prop: the page
    // tests and the fuzz test spent ~40 % of their CPU there (decision 106).
    env: { NODE_ENV: 'production' },
    // The migrated database each file's own starts as a copy of, made once per run (tests/support/test-db-template.ts).
    globalSetup: ['tests/support/test-db-template.ts'],
    // Each file's and test's time beside the usual report, for `npm run test:slowest` (tests/README.md).
    reporters: ['default', ['json', { outputFile: `test-timing/vitest-${process.env.CLUSTER_TEST === '1' ? 'cluster' : process.env.DATABASE_URL ? 'postgresql' : 'sqlite'}.json` }]],
    // Ceilings, not targets (speed is measured in bench/): two files share CI's two cores, and a CI
    // machine can be twice as slow as this one, so a page test's first render may take seconds.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Postgres tests share one server: each file gets its own schema (tests/support/test-db.ts).
    fileParallelism: true,
    // Two files at a time on CI's two cores (decision 041): a file spends much of its time waiting
    // on the database or a spawned server, and one worker left a core idle.
    maxWorkers: 2,
    // A worker's files share its modules instead of importing the app anew for each of 129 files:
    // a third to a half of the Vitest phases' time on CI (decision 075). Safe because no test changes the
    // environment, mocks or fakes timers, and the server's own state is kept per database or per
    // request (WeakMaps), never per id alone; a fixture's cache follows the same rule.
    isolate: false,
  },
});
