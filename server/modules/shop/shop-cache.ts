import type { ServiceDeps } from '#server/service-deps.ts';
import type { Encoding } from '#server/plugins/compress-html.ts';
import { ByteLru, ENTRY_OVERHEAD_BYTES, ownBuffer } from '#server/byte-lru.ts';
import { findPageVersion } from './shop-cache.repository.ts';

// Issue 22 §8, decision 064: anonymous storefront pages kept compressed in each process, at most
// `maxBytes` of memory (decision 101: the memory each page holds, not its length), least recently
// used first; keyed by store, address (the language is its `/en`
// prefix) and encoding. A stored page is served while its store's `page_version` — bumped by
// triggers in the transaction of any change the page could show — is the one it was rendered
// under. Each process reads a store's version at most once per `versionMs` (config, default
// 900 ms: under a second with room for the read itself), so a change is
// seen by every process, on every machine sharing the database, within that time of its commit.

/** The review form's token in a product page lives two hours (decision 048): a page is drawn again well before. */
export const MAX_ENTRY_AGE_MS = 30 * 60_000;
/**
 * Versions of stores not asked for lately are forgotten past this many: a version is a few numbers
 * and the slug (~150 bytes with the Map's own), so the bound is ~3 MB however many stores there are.
 */
const MAX_STORES = 20_000;
/**
 * The share of `maxBytes` the frames may hold beside the pages. A frame is the store, its menu and
 * its pages: a few kB for most stores, more for one with hundreds of categories, so it is counted
 * by its size once read (JSON's length, twice over for the objects around it), not by number.
 */
const FRAME_SHARE = 8;

type StoreVersion = { storeId: number; version: number; visibleUntil: number; readAt: number } | { storeId: null; readAt: number };

type Entry = { storeId: number; version: number; body: Buffer; encoding: Encoding | null; storedAt: number };

type Frame = { version: number; frame: Promise<unknown> };

/** What a frame holds, roughly: its JSON's length twice over (the objects and strings around it). */
function estimatedBytes(value: unknown): number {
  try {
    return 2 * (JSON.stringify(value)?.length ?? 0) + ENTRY_OVERHEAD_BYTES;
  } catch {
    return Number.POSITIVE_INFINITY; // not plain data: not kept
  }
}

/** What a miss hands to the render, to store its page under the version read before it. */
export type CacheSlot = { key: string; storeId: number; version: number; encoding: Encoding | null };
/** What keys a store's frame: its id and the version read before the render. */
export type FrameSlot = Pick<CacheSlot, 'storeId' | 'version'>;

export type CacheLookup = { hit: Entry } | { slot: CacheSlot } | null;

export class ShopPageCache {
  readonly maxBytes: number;
  readonly versionMs: number;
  readonly #entries: ByteLru<string, Entry>;
  readonly #versions = new Map<string, StoreVersion>();
  readonly #reading = new Map<string, Promise<StoreVersion>>();
  readonly #frames: ByteLru<number, Frame>;
  readonly #deps: ServiceDeps;
  readonly #now: () => number;
  hits = 0;
  misses = 0;

  constructor(deps: ServiceDeps, options: { maxBytes: number; versionMs: number; now?: () => number }) {
    this.#deps = deps;
    this.maxBytes = options.maxBytes;
    this.versionMs = options.versionMs;
    this.#now = options.now ?? (() => deps.clock.now().getTime());
    this.#entries = new ByteLru(options.maxBytes);
    this.#frames = new ByteLru(Math.floor(options.maxBytes / FRAME_SHARE), { maxEntryBytes: Math.floor(options.maxBytes / FRAME_SHARE) });
  }

  /** Bytes the pages hold (their own memory, keys and bookkeeping). */
  get bytes() {
    return this.#entries.bytes;
  }

  /** Bytes the frames hold, as estimated once each is read. */
  get frameBytes() {
    return this.#frames.bytes;
  }

  get size() {
    return this.#entries.size;
  }

  /** The page stored for this address, or the slot to store it in; null when the store is not shown (the render answers). */
  async lookup(slug: string, url: string, encoding: Encoding | null): Promise<CacheLookup> {
    if (this.maxBytes === 0) return null;
    const current = await this.#version(slug);
    const now = this.#now();
    if (current.storeId === null || now >= current.visibleUntil) return null;
    const key = `${slug}\n${encoding ?? 'identity'}\n${url}`;
    const entry = this.#entries.get(key);
    if (entry && entry.storeId === current.storeId && entry.version === current.version && now - entry.storedAt < MAX_ENTRY_AGE_MS) {
      this.hits++;
      return { hit: entry };
    }
    if (entry) this.#entries.delete(key);
    this.misses++;
    return { slot: { key, storeId: current.storeId, version: current.version, encoding } };
  }

  /**
   * The store's version for a page that is not kept (a search: every query its own address) but
   * draws the same frame as those that are; null when the store is not shown (the render answers).
   */
  async frameSlot(slug: string): Promise<FrameSlot | null> {
    if (this.maxBytes === 0) return null;
    const current = await this.#version(slug);
    return current.storeId === null || this.#now() >= current.visibleUntil ? null : { storeId: current.storeId, version: current.version };
  }

  /** Keeps the page (a copy of it when `body` is a view of a larger block: the block is what it would hold). */
  store(slot: CacheSlot, body: Buffer): void {
    if (this.maxBytes === 0) return;
    const own = ownBuffer(body);
    const bytes = own.byteLength + slot.key.length + ENTRY_OVERHEAD_BYTES;
    this.#entries.set(slot.key, { storeId: slot.storeId, version: slot.version, body: own, encoding: slot.encoding, storedAt: this.#now() }, bytes);
  }

  /**
   * What every page of the store draws around its content (its row, menu and pages), read once per
   * version of the store and shared by the pages rendered under it: four queries of a product page's
   * fifteen. The version that keys the pages keys this too, so a change shows as soon as they do.
   */
  frame<T>(slot: FrameSlot, read: () => Promise<T>): Promise<T> {
    const known = this.#frames.get(slot.storeId);
    if (known && known.version === slot.version) return known.frame as Promise<T>;
    const frame = read();
    const entry = { version: slot.version, frame };
    // Counted at the overhead while it is read, at its size once it is.
    this.#frames.set(slot.storeId, entry, ENTRY_OVERHEAD_BYTES);
    const isOurs = () => this.#frames.peek(slot.storeId) === entry;
    frame.then(
      (value) => {
        if (isOurs()) this.#frames.resize(slot.storeId, estimatedBytes(value));
      },
      // A failed read is not kept: the next page reads again.
      () => {
        if (isOurs()) this.#frames.delete(slot.storeId);
      },
    );
    return frame;
  }

  /** The store's version as last read, read again when older than `versionMs` (one read at a time per store). */
  async #version(slug: string): Promise<StoreVersion> {
    const known = this.#versions.get(slug);
    if (known && this.#now() - known.readAt < this.versionMs) return known;
    let reading = this.#reading.get(slug);
    if (!reading) {
      reading = this.#read(slug).finally(() => this.#reading.delete(slug));
      this.#reading.set(slug, reading);
    }
    return reading;
  }

  async #read(slug: string): Promise<StoreVersion> {
    // The time is taken before the read: the version is at least that fresh.
    const readAt = this.#now();
    const row = slug.length <= 40 ? await findPageVersion(this.#deps.db, slug) : undefined;
    const version: StoreVersion =
      row && row.published === 1
        ? { storeId: row.id, version: Number(row.pageVersion), visibleUntil: row.expiresAt ? Date.parse(row.expiresAt) : Number.POSITIVE_INFINITY, readAt }
        : { storeId: null, readAt };
    this.#versions.delete(slug);
    this.#versions.set(slug, version);
    if (this.#versions.size > MAX_STORES) this.#versions.delete(this.#versions.keys().next().value!);
    return version;
  }
}
