import type { S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { InvalidStorageKeyError, isValidStorageKey, type Storage, type StoredObject } from './storage-contract.ts';
import type { StorageTarget } from './storage-url.ts';

// Files in an S3-compatible bucket through the official AWS SDK v3 client (issue 41 §1, decision
// 097). Keys are the disk backend's relative names unchanged (`2026/11/<uuid>.png`), so a store's
// files move from disk to the bucket as they are (scripts/storage-move.ts). Credentials come from
// the SDK's standard sources (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, a role).

export type S3Target = Extract<StorageTarget, { kind: 's3' }>;

/** An object's size and ETag (MD5 of the bytes for a single-part upload): what storage-move compares. */
export type ObjectInfo = { size: number; etag: string };

export type S3Storage = Storage & {
  bucket: string;
  /** The object's size and ETag, or null when there is none. */
  info(key: string): Promise<ObjectInfo | null>;
};

/** A missing object: GetObject says NoSuchKey, HeadObject (no body to name it) a bare 404. */
function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return failure?.name === 'NoSuchKey' || failure?.name === 'NotFound' || failure?.$metadata?.httpStatusCode === 404;
}

// The SDK (some 10 MB of modules) is loaded at the first call, not at start: a server on the disk
// backend, and every test file, never pays for it.
let sdk: Promise<typeof import('@aws-sdk/client-s3')> | undefined;
const loadSdk = () => (sdk ??= import('@aws-sdk/client-s3'));

function checkedKey(key: string): string {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
  return key;
}

export async function createS3Client(target: S3Target): Promise<S3Client> {
  const { S3Client } = await loadSdk();
  return new S3Client({
    region: target.region,
    endpoint: target.endpoint,
    forcePathStyle: target.forcePathStyle,
    // SDK v3 ≥ 3.729 adds a CRC32 checksum to every upload (a header, or an `aws-chunked` body with a
    // trailer) and checks one on every download. s3rver, which the tests start, takes it; several
    // other S3-compatible servers did not when the default changed (Backblaze B2, Cloudflare R2,
    // older MinIO, OVH: XAmzContentSHA256Mismatch or "unsupported header"), and a bucket is any of
    // them. So checksums are sent and checked only where the operation requires one; TLS and the
    // signature still guard the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that stops answering fails the request (and /healthz) in seconds, not at the OS's
    // TCP timeout; the SDK retries a failed call twice more on its own (maxAttempts 3).
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
  });
}

export function createS3Storage(target: S3Target): S3Storage {
  const Bucket = target.bucket;
  let made: Promise<S3Client> | undefined;
  // One client per storage, made at its first call: it keeps the sockets to the server open.
  const s3 = async () => ({ client: await (made ??= createS3Client(target)), commands: await loadSdk() });

  async function get(key: string) {
    const { client, commands } = await s3();
    try {
      return await client.send(new commands.GetObjectCommand({ Bucket, Key: checkedKey(key) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    bucket: Bucket,

    async put(key, data) {
      // One PUT: S3 makes an object visible only once whole, as the disk's write-and-rename does.
      const { client, commands } = await s3();
      await client.send(new commands.PutObjectCommand({ Bucket, Key: checkedKey(key), Body: data, ContentLength: data.length }));
    },

    async read(key) {
      const object = await get(key);
      if (!object?.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },

    async stream(key) {
      // The response's body is Node's own stream of the socket: piped to the client, not buffered.
      const object = await get(key);
      return (object?.Body as Readable | undefined) ?? null;
    },

    async remove(key) {
      // S3 answers 204 for a key that is not there: removing twice is not an error, as on disk.
      const { client, commands } = await s3();
      await client.send(new commands.DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },

    async *list(prefix): AsyncIterable<StoredObject> {
      const { client, commands } = await s3();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new commands.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async check() {
      // The cheapest call that proves the endpoint answers, the credentials are good and the bucket exists.
      const { client, commands } = await s3();
      await client.send(new commands.HeadBucketCommand({ Bucket }));
    },

    async info(key) {
      const { client, commands } = await s3();
      try {
        const head = await client.send(new commands.HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
        return { size: head.ContentLength ?? 0, etag: (head.ETag ?? '').replaceAll('"', '') };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}
