import type { Db } from '#server/db/database.ts';
import { storeOfVerifiedHost, verifiedHostOfSlug } from './domain.repository.ts';

// Which store a host serves and which host a store's pages moved to, asked on every storefront
// request (decision 100): kept per process for `ttlMs` (SHOP_PAGE_VERSION_MS, the window in which
// the page cache's versions are read again, decision 064), so a domain verified or removed in one process is seen by all within that
// time. Bounded: the least recently asked name goes first past `max` of each kind.

type Known<T> = { value: T; readAt: number };

class TimedMap<T> {
  readonly #entries = new Map<string, Known<T>>();
  readonly #reading = new Map<string, Promise<T>>();
  readonly ttlMs: number;
  readonly max: number;
  readonly read: (key: string) => Promise<T>;

  constructor(ttlMs: number, max: number, read: (key: string) => Promise<T>) {
    this.ttlMs = ttlMs;
    this.max = max;
    this.read = read;
  }

  get(key: string): Promise<T> {
    const known = this.#entries.get(key);
    if (known && Date.now() - known.readAt < this.ttlMs) return Promise.resolve(known.value);
    let reading = this.#reading.get(key);
    if (!reading) {
      const readAt = Date.now();
      reading = this.read(key).then((value) => {
        this.#entries.delete(key);
        this.#entries.set(key, { value, readAt });
        if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!);
        return value;
      });
      reading.finally(() => this.#reading.delete(key)).catch(() => {});
      this.#reading.set(key, reading);
    }
    return reading;
  }
}

export class DomainDirectory {
  readonly #byHost: TimedMap<{ storeId: number; slug: string } | null>;
  readonly #bySlug: TimedMap<string | null>;

  constructor(db: Db, options: { ttlMs?: number; max?: number } = {}) {
    const ttlMs = options.ttlMs ?? 900;
    const max = options.max ?? 20_000;
    this.#byHost = new TimedMap(ttlMs, max, async (host) => (await storeOfVerifiedHost(db, host)) ?? null);
    this.#bySlug = new TimedMap(ttlMs, max, async (slug) => (await verifiedHostOfSlug(db, slug)) ?? null);
  }

  /** The store a verified host serves; null for any other host. */
  storeOfHost(host: string) {
    return this.#byHost.get(host);
  }

  /** The verified host of the store with this slug; null when it has none. */
  hostOfSlug(slug: string) {
    return this.#bySlug.get(slug);
  }
}
