// After `react-router build`: write .br and .gz beside each text asset so @fastify/static serves
// them pre-compressed (preCompressed: true) — compressed once at build, never per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = path.resolve(process.argv[2] ?? 'build/client');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name) && statSync(full).size >= MIN_BYTES) yield full;
  }
}

let count = 0;
for (const file of files(ROOT)) {
  const source = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count += 1;
}
console.log(`compressed ${count} assets in ${path.relative(process.cwd(), ROOT)}`);
