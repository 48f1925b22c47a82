import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, createBuildWatcher } from './build-watcher.ts';

function setup(latest: string | null) {
  const store = new Map<string, string>();
  const state = { now: 1_000_000, reloads: 0, latest };
  const watcher = createBuildWatcher('build-a', {
    fetchLatestId: async () => state.latest,
    reload: () => {
      state.reloads += 1;
    },
    now: () => state.now,
    storage: { getItem: (key) => store.get(key) ?? null, setItem: (key, value) => void store.set(key, value) },
  });
  return { watcher, state };
}

describe('build watcher', () => {
  it('does not reload on a chunk error while no newer build is announced', async () => {
    const { watcher, state } = setup('build-a');
    expect(await watcher.check()).toBe(false);
    expect(watcher.onChunkError()).toBe(false);
    expect(state.reloads).toBe(0);
  });

  it('reloads once after a newer build is announced, never twice within 10 s', async () => {
    const { watcher, state } = setup('build-b');
    expect(await watcher.check()).toBe(true);
    expect(watcher.onChunkError()).toBe(true);
    state.now += CHUNK_RELOAD_GUARD_MS - 1;
    expect(watcher.onChunkError()).toBe(false);
    expect(state.reloads).toBe(1);
    state.now += 2;
    expect(watcher.onChunkError()).toBe(true);
    expect(state.reloads).toBe(2);
  });

  it('survives a failing poll', async () => {
    const watcher = createBuildWatcher('a', {
      fetchLatestId: async () => {
        throw new Error('offline');
      },
      reload: () => undefined,
      now: () => 0,
      storage: { getItem: () => null, setItem: () => undefined },
    });
    expect(await watcher.check()).toBe(false);
  });
});
