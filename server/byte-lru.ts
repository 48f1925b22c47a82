// The in-process caches' one bound (issue 41 §6, decision 101): what they hold in bytes, not how
// many entries. A worker at 634 MiB of resident memory held a page cache "bounded" at 32 MiB: it
// counted each compressed page's length, while each held on to the 64 KiB block it was cut from.

/** A Map entry, its key and the bookkeeping around it, roughly (counted with every entry). */
export const ENTRY_OVERHEAD_BYTES = 200;

/**
 * `buffer` itself when it owns all of its memory, else a copy that does. Node hands out small
 * Buffers as views of a shared 64 KiB block (`Buffer.poolSize`), and zlib's answers as views of
 * its 64 KiB output chunk: a 3 kB page kept as such a view keeps the whole 64 KiB alive.
 */
export function ownBuffer(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength) return buffer;
  // allocUnsafeSlow: memory of its own, never a view of the shared block.
  const copy = Buffer.allocUnsafeSlow(buffer.byteLength);
  buffer.copy(copy);
  return copy;
}

/**
 * A map of at most `maxBytes`, least recently used first out. Each entry is counted at the bytes
 * its owner says it holds; one over `maxEntryBytes` (an eighth of the budget unless told) is not
 * kept at all, so that one page never empties the cache of the others.
 */
export class ByteLru<K, V> {
  readonly maxBytes: number;
  readonly maxEntryBytes: number;
  #bytes = 0;
  // A Map iterates in insertion order: re-inserting on every use keeps it least-recent first.
  readonly #entries = new Map<K, { value: V; bytes: number }>();

  constructor(maxBytes: number, options: { maxEntryBytes?: number } = {}) {
    this.maxBytes = maxBytes;
    this.maxEntryBytes = Math.min(maxBytes, options.maxEntryBytes ?? Math.floor(maxBytes / 8));
  }

  /** Bytes held by the entries, as counted when they were set. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** The value, left where it is in the order. */
  peek(key: K): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` as the most recently used, counted at `bytes`; false (and nothing kept) when it is over `maxEntryBytes`. */
  set(key: K, value: V, bytes: number): boolean {
    this.delete(key);
    if (bytes > this.maxEntryBytes) return false;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    this.#evict();
    return true;
  }

  /** Counts the entry at `bytes` from now on (a value whose size is known once it is read); it may go if over. */
  resize(key: K, bytes: number): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    if (bytes > this.maxEntryBytes) {
      this.delete(key);
      return;
    }
    this.#bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    this.#evict();
  }

  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  #evict() {
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) return;
      this.#entries.delete(key);
      this.#bytes -= entry.bytes;
    }
  }
}
