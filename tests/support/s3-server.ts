import { mkdirSync } from 'node:fs';
// @ts-expect-error s3rver ships no types; its constructor, run() and close() are all this uses
import S3rver from 's3rver';

// A real S3-protocol server for tests, the cluster and the benches (s3rver: npm, pure JavaScript),
// with one empty bucket. Minimal until the s3 work's own version of this file lands (the contract
// of issue 41): same name, same shape. s3rver takes the credentials S3RVER / S3RVER.

export async function startS3Server(options: { port: number; dir: string; bucket?: string }): Promise<{ url: string; bucket: string; stop: () => Promise<void> }> {
  const bucket = options.bucket ?? 'tiendabox';
  mkdirSync(options.dir, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port: options.port, directory: options.dir, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  await server.run();
  return { url: `http://127.0.0.1:${options.port}`, bucket, stop: () => server.close() as Promise<void> };
}
