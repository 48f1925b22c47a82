// What refusing an oversized image costs (issue 21 §2): `node bench/image-refusal.ts`.
//
// Builds, in memory, the attack run's long thin PNGs — 1 × 39,000,000 pixels (76 KB) and
// 39,000,000 × 1 — and a normal 2,000 × 1,500 photo, then times, per file, the header check that
// now refuses it (`assertImageDimensions`) and what the upload did before it: decode, turn, scale
// and re-encode (`normalizeImage`). Wall clock, median of ROUNDS rounds (the decode once: it is
// seconds). Prints a table; figures go to bench/README.md.
import { deflateSync } from 'node:zlib';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { assertImageDimensions } from '#server/modules/upload/image-dimensions.ts';
import { normalizeImage } from '#server/modules/upload/upload.content.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);

/** A valid greyscale PNG of width × height, all black, compressed as an attacker would. */
function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  // Each row: filter byte 0, then `width` zero bytes.
  const raw = Buffer.alloc((width + 1) * height);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function timeMs(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work().catch(() => {});
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const files: [string, Buffer][] = [
  ['1 × 39,000,000 PNG', blackPng(1, 39_000_000)],
  ['39,000,000 × 1 PNG', blackPng(39_000_000, 1)],
  ['2,000 × 1,500 photo (accepted)', await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#0a7' } }).jpeg().toBuffer()],
];

console.log('| file | bytes | header check, ms (median) | verdict | decode and re-encode before, ms |');
console.log('|---|---:|---:|---|---:|');
for (const [name, data] of files) {
  const checks: number[] = [];
  for (let round = 0; round < ROUNDS; round++) checks.push(await timeMs(() => assertImageDimensions(data)));
  const verdict = await assertImageDimensions(data).then(() => 'accepted', () => 'refused');
  const kind = name.includes('photo') ? 'jpeg' : 'png';
  const before = await timeMs(() => normalizeImage(data, kind));
  console.log(`| ${name} | ${data.length.toLocaleString('en-US')} | ${median(checks).toFixed(2)} | ${verdict} | ${before.toFixed(0)} |`);
}
