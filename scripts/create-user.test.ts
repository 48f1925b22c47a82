import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), 'tiendabox-cli-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, 'cli.sqlite')}`, LOG_LEVEL: 'silent' };
const node = path.resolve('node_modules/.bin/node');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run user:create', () => {
  it('creates an admin from the command line, with a generated password when none is given', async () => {
    const { stdout } = await run(node, ['scripts/create-user.ts', '--email', 'Boss@Example.com', '--role', 'admin'], { env });
    expect(stdout).toMatch(/created admin boss@example\.com \(EC-\d{5}\) with password \S{12,}/);
    const db = createDatabase(loadConfig(env));
    const user = await db.selectFrom('user').select(['role', 'enabled']).where('email', '=', 'boss@example.com').executeTakeFirstOrThrow();
    await db.destroy();
    expect(user).toEqual({ role: 'admin', enabled: 1 });
  });

  it('refuses a duplicate and a bad role with a clear message', async () => {
    const duplicate = await run(node, ['scripts/create-user.ts', '--email', 'boss@example.com', '--role', 'admin', '--password', 'secret99'], { env }).catch((error: { stderr: string; code: number }) => error);
    expect((duplicate as { stderr: string }).stderr).toContain('boss@example.com is already registered');
    const badRole = await run(node, ['scripts/create-user.ts', '--email', 'x@example.com', '--role', 'king'], { env }).catch((error: { stderr: string; code: number }) => error);
    expect((badRole as { code: number }).code).toBe(2);
    expect((badRole as { stderr: string }).stderr).toContain('usage: npm run user:create');
  });
});
