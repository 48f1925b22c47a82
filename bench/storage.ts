// Serving a public image from the bucket through the app against from the disk (issue 41 §1,
// decision 097): `npm run build && npm run bench:storage`.
//
// 1. a throw-away SQLite database with one published store and a 1600×1200 picture, its WebP
//    variants written to both the local disk and an S3 bucket on s3rver (a process of its own);
// 2. the built app twice on that database: STORAGE_URL unset (disk), then pointing at the bucket;
// 3. per run (BENCH_RUNS, 3), each backend in turn: autocannon loads the 640 px variant
//    (`/media/<store>/<upload>/w640.webp`, what a product card shows), and `/healthz` as the floor
//    of what any answer of the app costs (what a redirect to the bucket would still cost the app
//    on top of its lookup of the key).
// Prints req/s, p50/p99 and the app's CPU ms per request (and s3rver's), with their spread over
// the runs. No mark: a figure for the decision. Exits 2 when it could not run.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '#server/config.ts';
import { createServiceDeps } from '#server/composition.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { writeImageVariants } from '#server/modules/upload/image-variants.ts';
import { createStorage, newStorageKey } from '#server/storage/storage.ts';
import { makeStore } from '../tests/support/factories.ts';
import { S3_TEST_CREDENTIALS } from '../tests/support/s3-server.ts';
import { load, type LoadResult } from './lib/load.ts';
import { reportMarks } from './lib/marks.ts';
import { addStoreImage, publishStore } from './lib/storage-bench.repository.ts';
import { fail, freePort, removeOnExit, startApp, startChild, stopChild } from './lib/processes.ts';
import { envNumber, round } from './lib/settings.ts';

const RUNS = envNumber('BENCH_RUNS', 3);

async function startBucket(dir: string) {
  const child = startChild('s3rver', ['bench/lib/s3-server-child.ts'], { S3_PORT: String(await freePort()), S3_DIR: dir });
  const deadline = Date.now() + 20_000;
  while (!/ready (\S+)/.test(child.output())) {
    if (Date.now() > deadline || child.process.exitCode !== null) fail(`s3rver did not start:\n${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const url = /ready (\S+)/.exec(child.output())![1]!;
  return { child, storageUrl: `s3://tiendabox-test?endpoint=${encodeURIComponent(url)}&region=us-east-1&forcePathStyle=true` };
}

const spread = (values: number[]) => `${round(Math.min(...values), 3)}–${round(Math.max(...values), 3)}`;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tiendabox-bench-storage-'));
  removeOnExit(dataDir);
  Object.assign(process.env, S3_TEST_CREDENTIALS);
  const bucket = await startBucket(path.join(dataDir, 's3'));

  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  const config = loadConfig(env);
  const db = createDatabase(config);
  await migrateToLatest(db);
  const deps = createServiceDeps({ db, config });
  const store = await makeStore({ deps }, { name: 'Tienda de fotos' });
  await publishStore(db, store.id);
  // Random blotches scaled up: a photo's size after WebP (tens of kB at 640 px), not a flat colour's.
  const blotches = sharp(randomBytes(160 * 120 * 3), { raw: { width: 160, height: 120, channels: 3 } });
  const photo = await blotches.resize(1600, 1200, { kernel: 'cubic' }).jpeg({ quality: 85 }).toBuffer();
  const uploadId = randomUUID();
  const storageKey = newStorageKey(uploadId, 'jpg');
  for (const storage of [createStorage(config), createStorage(loadConfig({ ...env, STORAGE_URL: bucket.storageUrl }))]) {
    await storage.put(storageKey, photo);
    await writeImageVariants({ storage }, storageKey);
  }
  await addStoreImage(db, { uploadId, storeId: store.id, userId: store.owner.id, storageKey, size: photo.length });
  await db.destroy();

  const backends = { disk: {}, s3: { STORAGE_URL: bucket.storageUrl, ...S3_TEST_CREDENTIALS } };
  const figures: Record<string, { image: LoadResult[]; healthz: LoadResult[] }> = { disk: { image: [], healthz: [] }, s3: { image: [], healthz: [] } };
  const imagePath = `/media/${store.id}/${uploadId}/w640.webp`;
  for (let run = 1; run <= RUNS; run += 1) {
    for (const [name, extra] of Object.entries(backends)) {
      console.log(`run ${run}, ${name}`);
      const { app, appBase } = await startApp(dataDir, { ...extra, WEB_CONCURRENCY: '1', LOG_LEVEL: 'warn' }, `app (${name})`, 60_000);
      const probe = await fetch(`${appBase}${imagePath}`);
      if (probe.status !== 200 || !probe.headers.get('cache-control')?.includes('immutable')) fail(`${name}: the image answered ${probe.status} ${probe.headers.get('cache-control')}`);
      await probe.arrayBuffer();
      // s3rver is left out of `others`: its CPU shows in the "others" cores, beside the machine's rest.
      const pids = { server: app.process.pid!, others: [] };
      figures[name]!.image.push(await load(`${name} image`, `${appBase}${imagePath}`, {}, pids));
      figures[name]!.healthz.push(await load(`${name} /healthz`, `${appBase}/healthz`, {}, pids, { warmupSeconds: 1 }));
      await stopChild(app);
    }
  }
  await stopChild(bucket.child);

  const summary = Object.fromEntries(Object.entries(figures).map(([name, { image, healthz }]) => [name, {
    imageRequestsPerSecond: spread(image.map((r) => Math.round(r.requestsPerSecond))),
    imageP50Ms: spread(image.map((r) => r.latencyMs.p50)),
    imageP99Ms: spread(image.map((r) => r.latencyMs.p99)),
    imageAppCpuMsPerRequest: spread(image.map((r) => r.cpu.serverCpuMsPerRequest)),
    imageBytes: image[0]!.bytesPerResponse,
    imageErrors: image.reduce((sum, r) => sum + r.errors, 0),
    healthzAppCpuMsPerRequest: spread(healthz.map((r) => r.cpu.serverCpuMsPerRequest)),
    otherCores: spread(image.map((r) => r.cpu.otherCores)),
  }]));
  console.log('\n| backend | image req/s | p50 ms | p99 ms | app CPU ms/request | bytes | /healthz CPU ms/request | others (cores: s3rver and the rest) |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [name, s] of Object.entries(summary)) {
    console.log(`| ${name} | ${s.imageRequestsPerSecond} | ${s.imageP50Ms} | ${s.imageP99Ms} | ${s.imageAppCpuMsPerRequest} | ${s.imageBytes} | ${s.healthzAppCpuMsPerRequest} | ${s.otherCores} |`);
  }
  const errors = Object.values(summary).reduce((sum, s) => sum + s.imageErrors, 0);
  reportMarks('storage', [{ name: 'every image answered 200', value: errors === 0 ? 'yes' : `${errors} errors`, ok: errors === 0 }], { runs: RUNS, summary, figures });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
