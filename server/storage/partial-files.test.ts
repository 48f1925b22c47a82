import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepPartialUploads } from '#server/modules/upload/upload.service.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db.ts';
import { createLocalStorage, partialFileOf } from './storage.ts';

// Issue 21 §14: a `.part` left by a writer killed with -9 was still there after the next start,
// because the sweep at start-up (the job worker's first pass, decision 024) took only hour-old
// ones. A writer's file names its process: one whose process is gone is removed at once.
let t: TestDatabase;
let root: string;
beforeAll(async () => {
  t = await createTestDatabase();
  root = path.join(t.config.dataDir, 'uploads');
  await mkdir(path.join(root, '2026', '11'), { recursive: true });
});
afterAll(() => t.dispose());

/** A process that starts writing `file` as the storage does, and is killed with -9 half way. */
async function killedWriter(file: string): Promise<string> {
  const child = spawn('node_modules/.bin/node', ['--input-type=module', '-e', `
    const { partialFileOf } = await import(${JSON.stringify(path.resolve('server/storage/storage.ts'))});
    const { writeFileSync } = await import('node:fs');
    const part = partialFileOf(${JSON.stringify(file)});
    writeFileSync(part, 'half a photo');
    console.log(part);
    setInterval(() => {}, 1000);
  `], { stdio: ['ignore', 'pipe', 'inherit'] });
  const part = await new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await ended;
  return part;
}

describe('half-written files at start-up', () => {
  it('removes a killed writer’s .part, however recent, and keeps a live writer’s', async () => {
    const deps = { ...t.deps, storage: createLocalStorage(root) };
    const dead = await killedWriter(path.join(root, '2026', '11', 'a.png'));
    expect(existsSync(dead)).toBe(true);
    // A write in progress in a running process (this one) is left alone, as is a finished file.
    const live = partialFileOf(path.join(root, '2026', '11', 'b.png'));
    await writeFile(live, 'being written');
    await deps.storage.put('2026/11/c.png', Buffer.from('whole'));

    expect(await sweepPartialUploads(deps)).toBe(1);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect((await deps.storage.read('2026/11/c.png'))?.toString()).toBe('whole');

    // Once old, even a .part whose writer cannot be told (an older name) goes.
    const old = path.join(root, '2026', '11', 'd.png.1a2b.part');
    await writeFile(old, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(old, twoHoursAgo, twoHoursAgo);
    expect(await sweepPartialUploads(deps)).toBe(1);
    expect(existsSync(old)).toBe(false);
  });
});
