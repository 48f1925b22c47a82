import type { ServiceDeps } from '#server/service-deps.ts';
import type { Encoding } from '#server/plugins/compress-html.ts';
import { findPageVersion } from './shop-cache.repository.ts';

// Issue 22 §8, decision 064: anonymous storefront pages kept compressed in each process, at most
// `maxBytes`, least recently used first; keyed by store, address (the language is its `/en`
// prefix) and encoding. A stored page is served while its store's `page_version` — bumped by
// triggers in the transaction of any change the page could show — is the one it was rendered
// under. Each process reads a store's version at most once per `versionMs` (config, default
// 900 ms: under a second with room for the read itself), so a change is
// seen by every process, on every machine sharing the database, within that time of its commit.

/** The review form's token in a product page lives two hours (decision 048): a page is drawn again well before. */
export const MAX_ENTRY_AGE_MS = 30 * 60_000;
/** A Map entry, its key and the bookkeeping, roughly. */
const ENTRY_OVERHEAD = 200;
/** Versions of stores not asked for lately are forgotten past this many. */
const MAX_STORES = 20_000;

type StoreVersion = { storeId: number; version: number; visibleUntil: number; readAt: number } | { storeId: null; readAt: number };

type Entry = { storeId: number; version: number; body: Buffer; encoding: Encoding | null; storedAt: number; bytes: number };

/** Frames of stores not drawn lately are forgotten past this many (a frame is a few kB: the store, its menu and pages). */
const MAX_FRAMES = 2_000;

/** What a miss hands to the render, to store its page under the version read before it. */
export type CacheSlot = { key: string; storeId: number; version: number; encoding: Encoding | null };

export type CacheLookup = { hit: Entry } | { slot: CacheSlot } | null;

export class ShopPageCache {
  readonly maxBytes: number;
  readonly versionMs: number;
  #bytes = 0;
  readonly #entries = new Map<string, Entry>();
  readonly #versions = new Map<string, StoreVersion>();
  readonly #reading = new Map<string, Promise<StoreVersion>>();
  readonly #frames = new Map<number, { version: number; frame: Promise<unknown> }>();
  readonly #deps: ServiceDeps;
  readonly #now: () => number;
  hits = 0;
  misses = 0;

  constructor(deps: ServiceDeps, options: { maxBytes: number; versionMs: number; now?: () => number }) {
    this.#deps = deps;
    this.maxBytes = options.maxBytes;
    this.versionMs = options.versionMs;
    this.#now = options.now ?? (() => deps.clock.now().getTime());
  }

  get bytes() {
    return this.#bytes;
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
      // Most recently used last: Map keeps insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      this.hits++;
      return { hit: entry };
    }
    if (entry) this.#remove(key, entry);
    this.misses++;
    return { slot: { key, storeId: current.storeId, version: current.version, encoding } };
  }

  store(slot: CacheSlot, body: Buffer): void {
    const bytes = body.length + slot.key.length + ENTRY_OVERHEAD;
    if (bytes > this.maxBytes / 8) return;
    const old = this.#entries.get(slot.key);
    if (old) this.#remove(slot.key, old);
    this.#entries.set(slot.key, { storeId: slot.storeId, version: slot.version, body, encoding: slot.encoding, storedAt: this.#now(), bytes });
    this.#bytes += bytes;
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#remove(key, entry);
    }
  }

  /**
   * What every page of the store draws around its content (its row, menu and pages), read once per
   * version of the store and shared by the pages rendered under it: four queries of a product page's
   * fifteen. The version that keys the pages keys this too, so a change shows as soon as they do.
   */
  frame<T>(slot: CacheSlot, read: () => Promise<T>): Promise<T> {
    const known = this.#frames.get(slot.storeId);
    this.#frames.delete(slot.storeId);
    if (known && known.version === slot.version) {
      this.#frames.set(slot.storeId, known);
      return known.frame as Promise<T>;
    }
    const frame = read();
    const entry = { version: slot.version, frame };
    this.#frames.set(slot.storeId, entry);
    if (this.#frames.size > MAX_FRAMES) this.#frames.delete(this.#frames.keys().next().value!);
    // A failed read is not kept: the next page reads again.
    frame.catch(() => {
      if (this.#frames.get(slot.storeId) === entry) this.#frames.delete(slot.storeId);
    });
    return frame;
  }

  #remove(key: string, entry: Entry) {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
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
