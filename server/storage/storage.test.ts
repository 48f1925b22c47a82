import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { startS3Server, type S3Server } from '../../tests/support/s3-server.ts';
import { createS3Storage, type S3Storage } from './s3-storage.ts';
import { createLocalStorage, createStorage, InvalidStorageKeyError, type Storage } from './storage.ts';

// The storage's behaviour, the same on both backends (issue 41 §1, decision 097): local disk, and
// an S3 bucket on a real S3-protocol server (s3rver) started here, through the AWS SDK v3 client.
let dir: string;
let s3: S3Server;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tiendabox-storage-'));
  s3 = await startS3Server({ port: 0, dir: path.join(dir, 's3') });
});
afterAll(async () => {
  await s3.stop();
  await rm(dir, { recursive: true, force: true });
});

const s3Storage = () => createStorage(loadConfig({ DATA_DIR: dir, STORAGE_URL: s3.storageUrl })) as S3Storage;
const backends: [string, () => Storage][] = [
  ['local disk', () => createLocalStorage(path.join(dir, 'uploads'))],
  ['S3 (s3rver)', s3Storage],
];

async function streamed(storage: Storage, key: string): Promise<Buffer | null> {
  const body = await storage.stream!(key);
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const listed = async (storage: Storage, prefix: string) => {
  const found = [];
  for await (const object of storage.list(prefix)) found.push(object);
  return found.sort((a, b) => a.key.localeCompare(b.key));
};

describe.each(backends)('%s', (name, make) => {
  const root = name.startsWith('S3') ? 's3' : 'disk';

  it('keeps a file: read and stream give its bytes back, a second put replaces it', async () => {
    const storage = make();
    const key = `${root}/2026/11/photo.png`;
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255, 13, 10]);
    await storage.put(key, bytes);
    expect(await storage.read(key)).toEqual(bytes);
    expect(await streamed(storage, key)).toEqual(bytes);
    // A megabyte and a half: more than one chunk of a stream, and of a socket.
    const big = Buffer.alloc(1_500_000, 7);
    await storage.put(key, big);
    expect((await storage.read(key))!.equals(big)).toBe(true);
    expect((await streamed(storage, key))!.equals(big)).toBe(true);
  });

  it('answers null for a key with no file, and removing it twice is no error', async () => {
    const storage = make();
    const key = `${root}/2026/11/gone.pdf`;
    expect(await storage.read(key)).toBeNull();
    expect(await streamed(storage, key)).toBeNull();
    await storage.put(key, Buffer.from('%PDF-1.7'));
    await storage.remove(key);
    await storage.remove(key);
    expect(await storage.read(key)).toBeNull();
  });

  it('lists the files under a prefix with their sizes, and none of another prefix', async () => {
    const storage = make();
    await storage.put(`${root}/invoices/12/1/ride.pdf`, Buffer.from('one'));
    await storage.put(`${root}/invoices/12/2/ride.pdf`, Buffer.from('three'));
    await storage.put(`${root}/invoices/120/1/ride.pdf`, Buffer.from('not 12'));
    expect(await listed(storage, `${root}/invoices/12/`)).toEqual([
      { key: `${root}/invoices/12/1/ride.pdf`, size: 3 },
      { key: `${root}/invoices/12/2/ride.pdf`, size: 5 },
    ]);
    expect(await listed(storage, `${root}/invoices/7/`)).toEqual([]);
  });

  it('refuses keys that could leave its root or name hidden files', async () => {
    const storage = make();
    for (const key of ['../etc/passwd', '/abs.png', 'a/../../b.png', '.hidden', 'a\\b.png', '']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.read(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });
});

describe('S3 backend', () => {
  it('passes its check on a bucket that answers, and fails it on a missing bucket or a stopped server', async () => {
    await s3Storage().check!();
    const target = { kind: 's3' as const, bucket: 'no-such-bucket', endpoint: s3.url, region: 'us-east-1', forcePathStyle: true };
    await expect(createS3Storage(target).check!()).rejects.toThrow();
    const other = await startS3Server({ port: 0, dir: path.join(dir, 's3-stopped') });
    const stopped = createS3Storage({ ...target, bucket: other.bucket, endpoint: other.url });
    await stopped.check!();
    await other.stop();
    await expect(stopped.check!()).rejects.toThrow();
  });

  it('gives an object’s size and ETag (the MD5 of its bytes), null when there is none', async () => {
    const storage = s3Storage();
    await storage.put('s3/info/a.txt', Buffer.from('hello'));
    expect(await storage.info('s3/info/a.txt')).toEqual({ size: 5, etag: '5d41402abc4b2a76b9719d911017c592' });
    expect(await storage.info('s3/info/none.txt')).toBeNull();
  });
});

describe('STORAGE_URL', () => {
  it('is the local disk when unset or file:, and an S3 bucket with its endpoint, region and path style', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
    expect(loadConfig({ STORAGE_URL: 'file:' }).storage).toEqual({ kind: 'disk' });
    expect(loadConfig({ STORAGE_URL: 's3://shop-files?endpoint=http://127.0.0.1:9000&region=eu-west-1&forcePathStyle=true' }).storage).toEqual({
      kind: 's3', bucket: 'shop-files', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1', forcePathStyle: true,
    });
    expect(loadConfig({ STORAGE_URL: 's3://shop-files' }).storage).toEqual({ kind: 's3', bucket: 'shop-files', endpoint: undefined, region: 'us-east-1', forcePathStyle: false });
  });

  it('stops the start with the variable’s name and the reason when malformed', () => {
    const problems: [string, RegExp][] = [
      ['s3:/', /STORAGE_URL: names the bucket/],
      ['ftp://host/files', /STORAGE_URL: has the scheme "ftp:"/],
      ['s3://Shop_Files', /STORAGE_URL: names the bucket/],
      ['s3://key:secret@shop-files', /STORAGE_URL: carries no credentials/],
      ['s3://shop-files/uploads', /STORAGE_URL: is s3:\/\/<bucket> with no port or path/],
      ['s3://shop-files?endpoint=localhost:9000', /STORAGE_URL: has the endpoint/],
      ['s3://shop-files?forcePathStyle=yes', /STORAGE_URL: has forcePathStyle other than true or false/],
      ['s3://shop-files?bucket=x', /STORAGE_URL: has unknown parameters \(bucket\)/],
      ['not a url', /STORAGE_URL: is file: or s3:\/\//],
    ];
    for (const [value, message] of problems) {
      expect(() => loadConfig({ STORAGE_URL: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ STORAGE_URL: value }), value).toThrow(message);
    }
  });
});
