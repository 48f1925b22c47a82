import type { Readable } from 'node:stream';

// What every storage backend is (the disk: storage.ts; S3: s3-storage.ts) and the keys they take,
// apart from either so that neither imports the other's module.

/** One stored file, as a listing names it. */
export type StoredObject = { key: string; size: number };

/**
 * Where uploaded files live: the local disk or an S3-compatible bucket (s3-storage.ts, decision
 * 097). Keys are relative, slash-separated names (`2026/11/<uuid>.png`) that the code makes, never
 * the user, used as object keys unchanged.
 */
export type Storage = {
  put(key: string, data: Buffer): Promise<void>;
  /** The whole file, or null when there is none under that key. */
  read(key: string): Promise<Buffer | null>;
  /** The file as a stream (served without holding it in memory), or null when there is none. */
  stream?(key: string): Promise<Readable | null>;
  /** Removing a key that does not exist is not an error. */
  remove(key: string): Promise<void>;
  /**
   * The whole files whose keys start with `prefix` (`invoices/12/`), in no set order: what a store's
   * deletion removes by prefix, and what storage-move copies.
   */
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * Deletes half-written files (`*.part`) last touched before `before`: what a process killed in
   * the middle of a write leaves behind. Answers how many it removed.
   */
  sweepPartials?(before: Date): Promise<number>;
  /**
   * Throws when the storage cannot be reached or written to now; `/healthz` calls it (decision 098).
   * Cheap: it runs on every health probe of every process (S3: one HeadBucket, decision 097).
   */
  check?(): Promise<void>;
};

// Segments of letters, digits, dot, dash and underscore, never starting with a dot: no `..`,
// no hidden files, no absolute paths, no backslashes, whatever the platform.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;
const MAX_KEY_LENGTH = 200;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  const segments = key.split('/');
  return segments.length <= 8 && segments.every((segment) => SEGMENT.test(segment));
}

