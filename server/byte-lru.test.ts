import { describe, expect, it } from 'vitest';
import { ByteLru, ownBuffer } from './byte-lru.ts';

// The caches' one bound (decision 101): bytes held, least recently used out first. No database
// here; the file runs on both like every other, and the caches built on it are tested on both in
// server/modules/shop/shop-cache.test.ts and tests/integration/page-cache.test.ts.
const keys = (cache: ByteLru<string, string>, candidates: string[]) => candidates.filter((key) => cache.has(key));

describe('ByteLru', () => {
  it('at its budget, makes room for a large entry by evicting the least recently used ones', () => {
    const cache = new ByteLru<string, string>(1_000, { maxEntryBytes: 600 });
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, key, 250);
    expect(cache.bytes).toBe(1_000);
    expect(cache.get('a')).toBe('a'); // used: now the most recent, so b and c go first
    expect(cache.set('big', 'big', 500)).toBe(true);
    expect(keys(cache, ['a', 'b', 'c', 'd', 'big'])).toEqual(['a', 'd', 'big']);
    expect(cache.bytes).toBe(1_000);
    expect(cache.size).toBe(3);
  });

  it('counts bytes, not entries: many small entries stay where one large one would not', () => {
    const cache = new ByteLru<string, string>(1_000);
    for (let n = 0; n < 100; n++) cache.set(`k${n}`, 'v', 10);
    expect(cache.size).toBe(100);
    cache.set('k100', 'v', 10);
    expect(cache.size).toBe(100);
    expect(cache.has('k0')).toBe(false);
    expect(cache.bytes).toBe(1_000);
  });

  it('does not keep an entry larger than its entry bound (an eighth of the budget unless told), nor the old value under that key', () => {
    const cache = new ByteLru<string, string>(8_000);
    expect(cache.maxEntryBytes).toBe(1_000);
    cache.set('page', 'small', 100);
    cache.set('other', 'other', 100);
    expect(cache.set('page', 'huge', 1_001)).toBe(false);
    expect(cache.has('page')).toBe(false);
    expect(cache.get('other')).toBe('other');
    expect(cache.bytes).toBe(100);
    // Nor one larger than the whole budget, whatever the entry bound says.
    const whole = new ByteLru<string, string>(500, { maxEntryBytes: 10_000 });
    expect(whole.set('x', 'x', 501)).toBe(false);
    expect(whole.size).toBe(0);
  });

  it('recounts an entry whose size is learnt later, evicting the oldest when it grew, and drops it when it is over the entry bound', () => {
    const cache = new ByteLru<string, string>(1_000, { maxEntryBytes: 800 });
    cache.set('old', 'old', 300);
    cache.set('read', 'read', 10);
    cache.resize('read', 750);
    expect(keys(cache, ['old', 'read'])).toEqual(['read']);
    expect(cache.bytes).toBe(750);
    cache.resize('read', 900);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('peek reads without changing who goes first', () => {
    const cache = new ByteLru<string, string>(300, { maxEntryBytes: 300 });
    cache.set('a', 'a', 100);
    cache.set('b', 'b', 100);
    cache.set('c', 'c', 100);
    expect(cache.peek('a')).toBe('a');
    cache.set('d', 'd', 100);
    expect(keys(cache, ['a', 'b', 'c', 'd'])).toEqual(['b', 'c', 'd']);
  });
});

describe('ownBuffer', () => {
  it('copies a view of a larger block into memory of its own, and leaves a buffer that owns its memory as it is', () => {
    const block = Buffer.alloc(64 * 1024, 'x');
    const view = block.subarray(100, 3_100);
    const own = ownBuffer(view);
    expect(own.byteLength).toBe(3_000);
    expect(own.buffer.byteLength).toBe(3_000);
    expect(own.equals(view)).toBe(true);
    expect(ownBuffer(own)).toBe(own);
    // Small buffers made from strings are views of Node's shared pool.
    const pooled = Buffer.from('<p>hola</p>');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.byteLength);
    expect(ownBuffer(pooled).buffer.byteLength).toBe(pooled.byteLength);
  });
});
