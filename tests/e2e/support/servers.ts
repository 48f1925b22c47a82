import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The e2e suite runs two real servers (`node server/main.ts` on the built app): a normal one and
// one in maintenance mode. Each gets its own fresh database: a new SQLite file in a temporary
// directory, or — when DATABASE_URL points at PostgreSQL — its own freshly created schema.

export const MAIN_PORT = Number(process.env.E2E_PORT ?? 3310);
export const MAINTENANCE_PORT = MAIN_PORT + 1;
export const MAIN_URL = `http://localhost:${MAIN_PORT}`;
export const MAINTENANCE_URL = `http://localhost:${MAINTENANCE_PORT}`;
// The SMTP capture server (support/smtp-capture.ts): the main server's mail goes to its SMTP
// port, and the tests read the messages from its HTTP port.
export const SMTP_PORT = MAIN_PORT + 2;
export const SMTP_CAPTURE_PORT = MAIN_PORT + 3;
export const SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
export const SMTP_CAPTURE_URL = `http://127.0.0.1:${SMTP_CAPTURE_PORT}`;
/** The payment gateways' protocol doubles (issue 39 §8): the main server's PayPhone and PayPal. */
export const PAYPHONE_PORT = MAIN_PORT + 4;
export const PAYPAL_PORT = MAIN_PORT + 5;
export const PAYPHONE_URL = `http://127.0.0.1:${PAYPHONE_PORT}`;
export const PAYPAL_URL = `http://127.0.0.1:${PAYPAL_PORT}`;

export const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const SCHEMAS = { main: 'e2e_main', maintenance: 'e2e_maint' } as const;
type ServerName = keyof typeof SCHEMAS;

/** Set by the runner once it has prepared the databases; its workers inherit it and skip that. */
const RUN_ENV = 'TIENDABOX_E2E_RUN_DIR';

function isPostgres(url: string | undefined): url is string {
  return Boolean(url && /^postgres(ql)?:\/\//.test(url));
}

/**
 * Playwright starts `webServer` before `globalSetup`, so the databases are prepared here, while
 * the config loads, synchronously. The runner loads the config first and its worker processes
 * load it again: only the first load prepares, the others reuse what it made.
 */
export function prepareRun(): { runDir: string } {
  const existing = process.env[RUN_ENV];
  if (existing) return { runDir: existing };
  const runDir = mkdtempSync(path.join(tmpdir(), 'tiendabox-e2e-'));
  const databaseUrl = process.env.DATABASE_URL;
  if (isPostgres(databaseUrl)) recreateSchemas(databaseUrl, Object.values(SCHEMAS));
  process.env[RUN_ENV] = runDir;
  return { runDir };
}

/** Drops and creates the schemas through `pg` in a child process (pg has no synchronous API). */
function recreateSchemas(databaseUrl: string, schemas: string[]) {
  const script = `
    import pg from 'pg';
    const client = new pg.Client({ connectionString: process.env.E2E_ADMIN_URL });
    await client.connect();
    try {
      for (const schema of JSON.parse(process.env.E2E_SCHEMAS)) {
        await client.query('drop schema if exists ' + schema + ' cascade');
        await client.query('create schema ' + schema);
      }
    } finally {
      await client.end();
    }
  `;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: PROJECT_ROOT, // where `pg` resolves from
    env: { ...process.env, E2E_ADMIN_URL: databaseUrl, E2E_SCHEMAS: JSON.stringify(schemas) },
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 30_000,
  });
}

/** DATABASE_URL whose connections all work in `schema` (node-postgres honours `options`). */
export function withSearchPath(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl);
  if (url.searchParams.has('options')) url.searchParams.delete('options');
  // Appended by hand: URLSearchParams would write the space as "+", which pg does not decode.
  return `${url.toString()}${url.search ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/** The environment of one server: its port, its own data directory and database, quiet logs. */
export function serverEnv(name: ServerName, runDir: string, extra: Record<string, string> = {}): Record<string, string> {
  const port = name === 'main' ? MAIN_PORT : MAINTENANCE_PORT;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    // A throwaway secret per run, as a deployment has its own (required once PUBLIC_URL is https).
    APP_SECRET: `e2e-${randomBytes(24).toString('hex')}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: path.join(runDir, name),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    MAINTENANCE_MODE: '0',
    // Store isolation checked on every query the journeys make (decision 025).
    STORE_GUARD: '1',
    // Passwords and the bot check at a test's cost: the journeys make a hundred users (decision 041).
    TEST_WORK_FACTORS: '1',
    // Node's compile cache from the start, in the directory server/main.ts's own uses (decision 105):
    // the CLI calls the journeys make with this environment (~80 users) compile their modules in
    // 0.7 s of CPU with it against 1.25–1.5 without.
    NODE_COMPILE_CACHE: path.join(tmpdir(), 'node-compile-cache'),
    ...extra,
  };
  const databaseUrl = process.env.DATABASE_URL;
  if (isPostgres(databaseUrl)) env.DATABASE_URL = withSearchPath(databaseUrl, SCHEMAS[name]);
  return env;
}
