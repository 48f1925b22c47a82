import { randomUUID } from 'node:crypto';
import { access, constants, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '#server/config.ts';
import { createS3Storage } from './s3-storage.ts';
import { InvalidStorageKeyError, isValidStorageKey, type Storage } from './storage-contract.ts';

export { InvalidStorageKeyError, isValidStorageKey, type Storage, type StoredObject } from './storage-contract.ts';

/** A new key under the month it was made: `2026/11/<id>.<ext>` (keeps directories small). */
export function newStorageKey(id: string, extension: string, now = new Date()): string {
  const year = String(now.getUTCFullYear());
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const key = `${year}/${month}/${id}.${extension}`;
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
  return key;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** Where a write of `file` goes first: `<file>.<pid>-<uuid>.part`, renamed to `file` when complete. */
export function partialFileOf(file: string, pid = process.pid): string {
  return `${file}.${pid}-${randomUUID()}.part`;
}

/**
 * Whether the process that wrote a `.part` (its pid in the name: `<key>.<pid>-<uuid>.part`) has
 * ended. The disk is this machine's, so its processes are the only writers. A pid reused since is
 * taken for the writer: that file waits for the age rule. A name without a pid (written before
 * this rule) is left to the age rule too.
 */
function writerGone(name: string): boolean {
  const pid = Number(/\.(\d+)-[0-9a-f-]{36}\.part$/.exec(name)?.[1]);
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Files on the local disk under `rootDir`. */
export function createLocalStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);

  function fileOf(key: string): string {
    if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
    const file = path.resolve(root, ...key.split('/'));
    // Belt and braces: the key rules above already make leaving the root impossible.
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }

  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed: a reader never sees half a file, and a crash leaves none. The
      // name carries the writer's process id, so the next start can tell a dead writer's leftover.
      const temporary = partialFileOf(file);
      const handle = await open(temporary, 'wx', 0o640);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } catch (error) {
        // A failed write (a full disk, an I/O error) removes its half file at once (issue 9).
        await handle.close().catch(() => {});
        await rm(temporary, { force: true });
        throw error;
      }
      await handle.close();
      try {
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async read(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async stream(key) {
      const file = fileOf(key);
      // Opened first so that a missing file is a null here, not an error event mid-response.
      try {
        const handle = await open(file, 'r');
        return handle.createReadStream(); // closes the handle when done or destroyed
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      await rm(fileOf(key), { force: true });
    },

    async *list(prefix) {
      // From the prefix's deepest directory: `invoices/12/` reads that folder, not the whole tree.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      if (folder !== '' && !isValidStorageKey(folder)) throw new InvalidStorageKeyError(prefix);
      let entries;
      try {
        entries = await readdir(path.join(root, ...folder.split('/')), { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
        throw error;
      }
      for (const entry of entries) {
        // A `.part` is a write in progress or a dead writer's leftover: never a file to hand out.
        if (!entry.isFile() || entry.name.endsWith('.part')) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        if (!key.startsWith(prefix) || !isValidStorageKey(key)) continue;
        const info = await stat(path.join(entry.parentPath, entry.name)).catch(() => null);
        if (info) yield { key, size: info.size };
      }
    },

    async sweepPartials(before) {
      let removed = 0;
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return 0; // nothing uploaded yet
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.endsWith('.part')) continue;
        const file = path.join(entry.parentPath, entry.name);
        // A recent .part may be a write in progress in this or another process: removed only when
        // old, or when the process that wrote it is gone (a kill -9 mid-write: issue 21 found one
        // still there after the next start, since the start-up sweep only took hour-old ones).
        const info = await stat(file).catch(() => null);
        if (info && (info.mtime < before || writerGone(entry.name))) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },

    async check() {
      // The root made when missing (a fresh data directory has none until the first upload), then
      // asked whether this process may write and enter it: a read-only or unmounted disk, a root
      // replaced by a file or a changed owner all fail here. No probe file is written: it would
      // cost a write per probe and show up among the uploads (sweeps, the move to S3).
      await mkdir(root, { recursive: true });
      if (!(await stat(root)).isDirectory()) throw new Error(`storage root is not a directory: ${root}`);
      await access(root, constants.W_OK | constants.X_OK);
    },
  };
}

/** Where the disk backend keeps its files: `${DATA_DIR}/uploads`. */
export const uploadsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'uploads');

/**
 * The application's storage as STORAGE_URL says: local disk under `${dataDir}/uploads` (the
 * default), or an S3-compatible bucket (whose SDK is loaded at its first call).
 */
export function createStorage(config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 'storage'>>): Storage {
  const target = config.storage ?? { kind: 'disk' };
  return target.kind === 'disk' ? createLocalStorage(uploadsDir(config)) : createS3Storage(target);
}
