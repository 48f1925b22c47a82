// bench:storage's S3 server in a process of its own (its CPU apart from the app's): s3rver as the
// tests start it, on S3_PORT with its files in S3_DIR. Prints `ready <url>` once it listens.
import { startS3Server } from '../../tests/support/s3-server.ts';

const server = await startS3Server({ port: Number(process.env.S3_PORT ?? 0), dir: process.env.S3_DIR ?? '' });
console.log(`ready ${server.url}`);
process.once('SIGTERM', () => void server.stop().then(() => process.exit(0)));
