// The part of s3rver (no types of its own) that tests/support/s3-server.ts uses.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: { address?: string; port?: number; directory: string; silent?: boolean; configureBuckets?: { name: string }[] });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** Koa's middleware list (s3rver is a Koa application). */
    middleware: ((ctx: { path: string; app: object }, next: () => Promise<void>) => Promise<void>)[];
  }
}
