import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/support/chromium.ts';
import {
  MAIN_PORT,
  MAIN_URL,
  MAINTENANCE_PORT,
  PAYPAL_PORT,
  PAYPAL_URL,
  PAYPHONE_PORT,
  PAYPHONE_URL,
  PROJECT_ROOT,
  prepareRun,
  serverEnv,
  SMTP_CAPTURE_PORT,
  SMTP_CAPTURE_URL,
  SMTP_PORT,
  SMTP_URL,
} from './tests/e2e/support/servers.ts';

// End-to-end tests: Debian's Chromium (never a downloaded browser) against the built app
// (`npm run build` first; `npm run test:e2e` does both) served by the real server on Node 24.
const { runDir } = prepareRun();

// The project's own Node 24 (the `node` package), whatever Node runs Playwright.
const SERVER_COMMAND = 'node_modules/.bin/node server/main.ts';

// On PostgreSQL only the journeys whose behaviour depends on the database run (tagged @db, each
// saying why); everything else looks at screens and flows that no database changes, and every
// Vitest file already runs on both (decision 041, which supersedes 038).
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  testDir: 'tests/e2e',
  grep: ON_POSTGRES ? /@db\b/ : undefined,
  // Each database its own folder: the PostgreSQL run would otherwise wipe the SQLite run's screenshots.
  outputDir: ON_POSTGRES ? 'test-results/postgresql' : 'test-results',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  // One more try for a test that failed on a starved moment of a shared two-core machine; the list
  // reporter marks it "flaky", and a flaky test is a bug to fix, not a pass to forget.
  retries: 1,
  // and each test's time, for `npm run test:slowest` (the budget's figures, tests/README.md)
  reporter: [['list'], ['json', { outputFile: `test-timing/playwright-${ON_POSTGRES ? 'postgresql' : 'sqlite'}.json` }]],
  // Journeys take 10–60 s on two shared cores; 60 s leaves a slow screenshot or login room (CI once
  // timed out a 30 s limit while saving screens).
  timeout: 60_000,
  // A post answers in well under a second, but CI's two cores are shared by the server, two
  // Chromiums and the database: 10 s keeps a slow moment from reading as a failure.
  expect: { timeout: 10_000 },
  globalTeardown: './tests/e2e/support/global-teardown.ts',
  use: {
    baseURL: MAIN_URL,
    browserName: 'chromium',
    headless: true,
    // Spanish is the default language; a test that wants English asks for it.
    locale: 'es-EC',
    viewport: { width: 1280, height: 800 },
    // A click or a page that never comes gives up after 30 s and names its locator or address,
    // where it waited for the test's whole limit and said only "Test timeout" (a webhooks journey
    // stood 120 s so in CI, with no trace of what it waited for).
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // A trace only on the retry of a failed test: recording one costs every journey half as much
    // browser CPU again (a screencast frame for each paint and a DOM snapshot for each action, even
    // when kept only on failure), and a failure is retried once anyway (decision 075).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_FLAGS,
        // A test's page lives a second or two: V8's optimising compilers (Maglev, TurboFan) spend
        // more of CI's two cores compiling than the page gains. Without them axe runs in half the
        // time and a page loads ~10 % sooner (decision 075). Benches keep the browser as shoppers have it.
        '--js-flags=--no-opt --no-maglev',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  // A server starts in 2 s on a quiet machine; 60 s leaves room for one that shares its cores.
  webServer: [
    {
      name: 'main',
      command: SERVER_COMMAND,
      cwd: PROJECT_ROOT,
      url: `http://127.0.0.1:${MAIN_PORT}/healthz`,
      // Webhooks may reach this machine: the store-team journey's receiver listens on 127.0.0.1 (issue 38 §5).
      // Its gateways are the protocol doubles below (issue 39 §8). It trusts this machine as a proxy,
      // so a journey whose shoppers place many orders gives each its own address (X-Forwarded-For),
      // as shoppers have: from one address they would meet LIMITS.orderPerIp, shared by every journey.
      env: serverEnv('main', runDir, { SMTP_URL, WEBHOOKS_ALLOW_LOOPBACK: '1', PAYPHONE_API_URL_SANDBOX: PAYPHONE_URL, PAYPAL_API_URL_SANDBOX: PAYPAL_URL, TRUST_PROXY: '127.0.0.1' }),
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      name: 'maintenance',
      command: SERVER_COMMAND,
      cwd: PROJECT_ROOT,
      url: `http://127.0.0.1:${MAINTENANCE_PORT}/healthz`,
      env: serverEnv('maintenance', runDir, { MAINTENANCE_MODE: '1' }),
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A real SMTP server that keeps what the main server sends (support/smtp-capture.ts).
      name: 'smtp',
      command: 'node_modules/.bin/node tests/e2e/support/smtp-capture.ts',
      cwd: PROJECT_ROOT,
      url: `${SMTP_CAPTURE_URL}/healthz`,
      env: { SMTP_CAPTURE_SMTP_PORT: String(SMTP_PORT), SMTP_CAPTURE_HTTP_PORT: String(SMTP_CAPTURE_PORT) },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // The payment gateways, as their published protocols say (tests/support/*-double.ts): a shopper
    // pays on their pages, which send the browser back to the store as PayPhone's and PayPal's do.
    {
      name: 'payphone',
      command: `node_modules/.bin/node tests/support/payphone-double.ts --port ${PAYPHONE_PORT}`,
      cwd: PROJECT_ROOT,
      port: PAYPHONE_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      name: 'paypal',
      command: `node_modules/.bin/node tests/support/paypal-double.ts --port ${PAYPAL_PORT}`,
      cwd: PROJECT_ROOT,
      url: `${PAYPAL_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
