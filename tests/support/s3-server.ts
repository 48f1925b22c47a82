import { mkdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import S3rver from '@20minutes/s3rver';

// A real S3-protocol server for the tests (issue 41 §1, decision 097): s3rver, pure JavaScript from
// npm (the maintained @20minutes fork), keeping its objects under `dir`. Nothing is downloaded at
// run time. It takes any credentials whose key is S3RVER/S3RVER, as the SDK signs them.

export const S3_TEST_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' } as const;

export type S3Server = {
  /** `http://127.0.0.1:<port>`: the endpoint. */
  url: string;
  bucket: string;
  /** STORAGE_URL for an app that stores its files in this server's bucket. */
  storageUrl: string;
  stop(): Promise<void>;
};

/**
 * Starts s3rver on 127.0.0.1:`port` (0: any free port) with one empty bucket, its files in `dir`.
 * Sets the credentials the SDK reads (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) in this process,
 * unless some are set already; a spawned app needs S3_TEST_CREDENTIALS in its environment.
 */
export async function startS3Server({ port, dir, bucket = 'tiendabox-test' }: { port: number; dir: string; bucket?: string }): Promise<S3Server> {
  await mkdir(dir, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port, directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
  // SDK v3 sends a bucket's own calls (CreateBucket, HeadBucket, ListObjectsV2) path-style to `/<bucket>/` and signs
  // that path, as S3 expects; s3rver checks the signature against `/<bucket>` and refuses them. For
  // those calls only its signature check is relaxed (the access key must still be S3RVER): every
  // object call (put, get, delete, head) keeps the strict check.
  server.middleware.unshift((ctx, next) => {
    if (/^\/[^/]+\/$/.test(ctx.path)) ctx.app = Object.create(ctx.app, { allowMismatchedSignatures: { value: true } });
    return next();
  });
  const address = (await server.run()) as AddressInfo;
  for (const [name, value] of Object.entries(S3_TEST_CREDENTIALS)) process.env[name] ??= value;
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    bucket,
    storageUrl: `s3://${bucket}?endpoint=${encodeURIComponent(url)}&region=us-east-1&forcePathStyle=true`,
    async stop() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
