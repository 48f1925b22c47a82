import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';

// The SQLite dialect itself, on a file of its own whichever database the suite runs on: several
// server processes (WEB_CONCURRENCY, decision 040) share one SQLite file.
const dir = mkdtempSync(path.join(os.tmpdir(), 'tiendabox-sqlite-dialect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WRITER = path.resolve(import.meta.dirname, '../../tests/support/sqlite-writer.ts');

function writer(file: string, rounds: number): Promise<{ committed: number; errors: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, file, String(rounds)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`writer exited ${code}: ${err}`))));
  });
}

describe('SQLite shared by several processes', () => {
  it('read-then-write transactions of two processes at once all commit, one after the other', async () => {
    const file = path.join(dir, 'shared.sqlite');
    const db = createDatabase({ databaseUrl: `sqlite:${file}`, dataDir: dir });
    await sql`create table counter (n integer primary key)`.execute(db);
    await db.destroy();

    const rounds = 150;
    const results = await Promise.all([writer(file, rounds), writer(file, rounds)]);
    // With a plain `begin`, a transaction whose snapshot went stale between its read and its
    // write fails with "database is locked" at once; `begin immediate` waits for the lock instead.
    expect(results.map((result) => result.errors)).toEqual([[], []]);
    expect(results.map((result) => result.committed)).toEqual([rounds, rounds]);

    const check = createDatabase({ databaseUrl: `sqlite:${file}`, dataDir: dir });
    const { rows } = await sql<{ total: number; top: number }>`select count(*) as total, max(n) as top from counter`.execute(check);
    await check.destroy();
    // every number taken once: each transaction saw the one before it
    expect(rows[0]).toEqual({ total: 2 * rounds, top: 2 * rounds });
  }, 60_000);
});
