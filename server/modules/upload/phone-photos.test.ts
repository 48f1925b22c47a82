import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { CATALOG_IMAGE_SIZE, MAX_IMAGE_BYTES, MAX_PDF_BYTES } from '#common/upload-limits.ts';
import { rejection } from '../../../tests/support/rejection.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import { makeStore, makeUser } from '../../../tests/support/factories.ts';
import { avifPhoto, bigPhoneJpeg, minimalPdf, oversizedPdf, webpPhoto } from './upload.fixtures.ts';
import { sniffKind } from './upload.content.ts';
import { variantKey } from './image-variants.ts';
import { acceptUpload, claimStoreUpload, UPLOAD_PURPOSES } from './upload.service.ts';

// Decision 051: photos as a phone sends them — up to 15 MB, WebP and AVIF — scaled down as they
// arrive, so what is stored (and every variant made from it) stays small.

let t: TestDatabase;
let owner: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await createTestDatabase();
  owner = await makeUser(t);
});
afterAll(async () => {
  await t.dispose();
});

const stored = async (id: string) => {
  const row = await t.db.selectFrom('upload').select(['storageKey', 'type', 'name', 'size']).where('id', '=', id).executeTakeFirstOrThrow();
  return { row, data: (await t.deps.storage.read(row.storageKey))! };
};

describe('what an image is, by its bytes', () => {
  it('knows WebP and AVIF by their signatures, not by the name; a WAV (RIFF too) or an HEIC is neither', async () => {
    expect(sniffKind(await webpPhoto())).toBe('webp');
    expect(sniffKind(await avifPhoto())).toBe('avif');
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(16)]);
    expect(sniffKind(wav)).toBeNull();
    // An iPhone's HEIC: the same container, its brands say HEVC, which the decoder here cannot read.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(4), Buffer.from('mif1heic')]);
    expect(sniffKind(heic)).toBeNull();
    // An AVIF named by its compatible brands only (major brand mif1), as some encoders write it.
    const compatible = Buffer.concat([Buffer.from([0, 0, 0, 28]), Buffer.from('ftypmif1'), Buffer.alloc(4), Buffer.from('mif1avifmiaf'), Buffer.alloc(8)]);
    expect(sniffKind(compatible)).toBe('avif');
  });

  it('refuses a text file named .webp as an invalid file', async () => {
    const error = await rejection(acceptUpload(t.deps, { userId: owner.id, name: 'foto.webp', data: Buffer.from('no soy una imagen'), kinds: UPLOAD_PURPOSES.catalog }));
    expect([error.code, error.status]).toEqual(['upload.fileType', 415]);
  });
});

describe('accepting phone photos', () => {
  it('keeps a WebP as WebP: turned upright, metadata stripped', async () => {
    const info = await acceptUpload(t.deps, { userId: owner.id, name: 'IMG_0002.webp', data: await webpPhoto(), kinds: UPLOAD_PURPOSES.catalog, box: CATALOG_IMAGE_SIZE });
    expect(info).toMatchObject({ type: 'image/webp', name: 'IMG_0002.webp' });
    const { row, data } = await stored(info.id);
    expect(row.storageKey.endsWith(`${info.id}.webp`)).toBe(true);
    const meta = await sharp(data).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 30, 60, undefined]);
  });

  it('stores an AVIF as a WebP, under a .webp name', async () => {
    const info = await acceptUpload(t.deps, { userId: owner.id, name: 'IMG_0003.avif', data: await avifPhoto(), kinds: UPLOAD_PURPOSES.photo });
    expect(info).toMatchObject({ type: 'image/webp', name: 'IMG_0003.webp' });
    const { row, data } = await stored(info.id);
    expect(row.storageKey.endsWith('.webp')).toBe(true);
    expect(row.type).toBe('image/webp');
    expect((await sharp(data).metadata()).format).toBe('webp');
  });

  it('takes a photo of several MB and stores it scaled to the catalog box, a fraction of its bytes', async () => {
    const photo = await bigPhoneJpeg();
    expect(photo.length).toBeGreaterThan(MAX_PDF_BYTES);
    expect(photo.length).toBeLessThan(MAX_IMAGE_BYTES);
    const info = await acceptUpload(t.deps, { userId: owner.id, name: 'IMG_0004.jpg', data: photo, kinds: UPLOAD_PURPOSES.catalog, box: CATALOG_IMAGE_SIZE });
    const { data } = await stored(info.id);
    const meta = await sharp(data).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 1440]);
    expect(info.size).toBe(data.length);
    expect(data.length).toBeLessThan(photo.length);
  });

  it('gives a PDF its own 3 MB limit and any file more than 15 MB the same 413, before decoding it', async () => {
    const pdf = await rejection(acceptUpload(t.deps, { userId: owner.id, name: 'factura.pdf', data: oversizedPdf(), kinds: UPLOAD_PURPOSES.invoice }));
    expect([pdf.code, pdf.status]).toEqual(['upload.fileSize', 413]);
    // JPEG bytes that would never decode: the size alone refuses it.
    const huge = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    Buffer.from([0xff, 0xd8, 0xff]).copy(huge);
    const image = await rejection(acceptUpload(t.deps, { userId: owner.id, name: 'huge.jpg', data: huge, kinds: UPLOAD_PURPOSES.catalog }));
    expect([image.code, image.status]).toEqual(['upload.fileSize', 413]);
    // A PDF under 3 MB still passes, byte for byte.
    expect((await acceptUpload(t.deps, { userId: owner.id, name: 'f.pdf', data: minimalPdf(), kinds: UPLOAD_PURPOSES.invoice })).type).toBe('application/pdf');
  });
});

describe('the variants of a store image made from a phone photo', () => {
  it('writes the WebP variants from the scaled original of a big photo, up to its width', async () => {
    const merchant = await makeUser(t);
    await makeStore(t, { owner: merchant });
    const scope = (await ownStoreScope(t.deps, { userId: merchant.id }))!;
    const info = await acceptUpload(t.deps, { userId: merchant.id, name: 'IMG_0005.jpg', data: await bigPhoneJpeg(), kinds: UPLOAD_PURPOSES.catalog, box: CATALOG_IMAGE_SIZE });
    await claimStoreUpload(t.deps, scope, { userId: merchant.id, uploadId: info.id, box: CATALOG_IMAGE_SIZE, variants: true });
    const { row } = await stored(info.id);
    for (const width of [320, 640, 1280, 1920] as const) {
      const variant = await t.deps.storage.read(variantKey(row.storageKey, width));
      expect((await sharp(variant!).metadata()).width).toBe(width);
    }
  });

  it('claims a WebP (an AVIF as sent) for a record like a PNG or JPEG, fitted to its box', async () => {
    const merchant = await makeUser(t);
    await makeStore(t, { owner: merchant });
    const scope = (await ownStoreScope(t.deps, { userId: merchant.id }))!;
    const info = await acceptUpload(t.deps, { userId: merchant.id, name: 'logo.avif', data: await avifPhoto(900, 300), kinds: UPLOAD_PURPOSES.photo });
    const claimed = await claimStoreUpload(t.deps, scope, { userId: merchant.id, uploadId: info.id, box: { width: 620, height: 150 }, variants: true });
    expect(claimed).toMatchObject({ type: 'image/webp' });
    const { row, data } = await stored(info.id);
    // 900×300 fitted to the logo's 620×150 box: its height decides.
    const meta = await sharp(data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 450, 150]);
    expect(await t.deps.storage.read(variantKey(row.storageKey, 320))).toBeTruthy();
  });
});
