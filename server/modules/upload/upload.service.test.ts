import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createStorage, isValidStorageKey, type Storage } from '#server/storage/storage.ts';
import { rejection } from '../../../tests/support/rejection.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import { displayName, sniffKind } from './upload.content.ts';
import { minimalPdf, oversizedPdf, phoneJpeg, textFile, tinyPng } from './upload.fixtures.ts';
import { makeAdmin, makeStaff, makeUser } from '../../../tests/support/factories.ts';
import { acceptUpload, claimUpload, deleteUpload, getOwnUpload, purgeStaleUploads, readUpload, sweepPartialUploads, UPLOAD_PURPOSES } from './upload.service.ts';

let t: TestDatabase;
let storage: Storage;
let uploadsDir: string;
let client: Awaited<ReturnType<typeof makeUser>>;
let other: Awaited<ReturnType<typeof makeUser>>;
const ALL = UPLOAD_PURPOSES.invoice;

beforeAll(async () => {
  t = await createTestDatabase();
  storage = createStorage(t.config);
  uploadsDir = path.join(t.config.dataDir, 'uploads');
  client = await makeUser(t);
  other = await makeUser(t);
});
afterAll(async () => {
  await t.dispose();
});

const row = (id: string) => t.db.selectFrom('upload').select(['id', 'userId', 'storageKey', 'name', 'type', 'size', 'claimed']).where('id', '=', id).executeTakeFirstOrThrow();
const bodyOf = async (body: Buffer | NodeJS.ReadableStream) => {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
};

describe('acceptUpload', () => {
  it('stores a PNG re-encoded under data/uploads/<year>/<month>/<id>.png, unclaimed, and says what it is', async () => {
    const info = await acceptUpload(t.deps, { userId: client.id, name: 'foto.png', data: await tinyPng(), kinds: ALL });
    expect(info).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'foto.png', type: 'image/png', size: expect.any(Number) });
    const stored = await row(info.id);
    const now = new Date();
    expect(stored).toMatchObject({ userId: client.id, claimed: 0, type: 'image/png', size: info.size, name: 'foto.png' });
    expect(stored.storageKey).toBe(`${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${info.id}.png`);
    const file = readFileSync(path.join(uploadsDir, ...stored.storageKey.split('/')));
    expect(file.length).toBe(info.size);
    expect((await sharp(file).metadata()).format).toBe('png');
  });

  it('keeps a PDF byte for byte', async () => {
    const pdf = minimalPdf();
    const info = await acceptUpload(t.deps, { userId: client.id, name: 'factura.pdf', data: pdf, kinds: ALL });
    expect(info).toMatchObject({ name: 'factura.pdf', type: 'application/pdf', size: pdf.length });
    expect(await storage.read((await row(info.id)).storageKey)).toEqual(pdf);
  });

  it('refuses a file over the limit before looking at it (413 upload.fileSize)', async () => {
    const error = await rejection(acceptUpload(t.deps, { userId: client.id, name: 'big.pdf', data: oversizedPdf(), kinds: ALL }));
    expect([error.code, error.status]).toEqual(['upload.fileSize', 413]);
    const small = await rejection(acceptUpload(t.deps, { userId: client.id, name: 'x.txt', data: Buffer.alloc(11), kinds: ALL, maxBytes: 10 }));
    expect(small.code).toBe('upload.fileSize');
  });

  it('decides the type by content, never by name: a text file named .png is refused (415 upload.fileType)', async () => {
    const error = await rejection(acceptUpload(t.deps, { userId: client.id, name: 'foto.png', data: textFile(), kinds: ALL }));
    expect([error.code, error.status]).toEqual(['upload.fileType', 415]);
  });

  it('takes a PNG renamed .pdf for what it is: refused where only PDFs go, a PNG named .png where images go', async () => {
    const png = await tinyPng();
    expect((await rejection(acceptUpload(t.deps, { userId: client.id, name: 'factura.pdf', data: png, kinds: ['pdf'] }))).code).toBe('upload.fileType');
    const info = await acceptUpload(t.deps, { userId: client.id, name: 'factura.pdf', data: png, kinds: ALL });
    expect(info).toMatchObject({ type: 'image/png', name: 'factura.png' });
  });

  it('refuses a PDF as a package photo', async () => {
    const error = await rejection(acceptUpload(t.deps, { userId: client.id, name: 'foto.pdf', data: minimalPdf(), kinds: UPLOAD_PURPOSES.photo }));
    expect(error.code).toBe('upload.fileType');
  });

  it('refuses a corrupt image with the right signature as an invalid file', async () => {
    const png = await tinyPng();
    const corrupt = Buffer.concat([png.subarray(0, 16), Buffer.from('not really a png at all')]);
    expect((await rejection(acceptUpload(t.deps, { userId: client.id, name: 'x.png', data: corrupt, kinds: ALL }))).code).toBe('upload.fileType');
    const jpeg = await phoneJpeg();
    const truncated = jpeg.subarray(0, jpeg.length - 40);
    expect((await rejection(acceptUpload(t.deps, { userId: client.id, name: 'x.jpg', data: truncated, kinds: ALL }))).code).toBe('upload.fileType');
  });

  it('refuses an image of more pixels than the decoder is allowed (a small file can claim a huge image)', async () => {
    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#fff' } }).png().toBuffer();
    expect(huge.length).toBeLessThan(3 * 1024 * 1024);
    // Refused by its header's dimensions, before the decoder sees it (issue 21 §2).
    expect(await rejection(acceptUpload(t.deps, { userId: client.id, name: 'huge.png', data: huge, kinds: ALL }))).toMatchObject({ code: 'upload.imageDimensions', status: 413 });
  });

  it('turns a phone JPEG upright and strips its EXIF and every other metadata block', async () => {
    const original = await phoneJpeg();
    expect(original.includes('Secret Owner')).toBe(true);
    const info = await acceptUpload(t.deps, { userId: client.id, name: 'IMG_0001.JPG', data: original, kinds: UPLOAD_PURPOSES.photo });
    expect(info).toMatchObject({ type: 'image/jpeg', name: 'IMG_0001.JPG' });
    const stored = (await storage.read((await row(info.id)).storageKey))!;
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes('Secret Owner')).toBe(false);
    expect(stored.includes('Ana Perez')).toBe(false);
  });

  it('scales a large photo down to 2400 px on its longest side', async () => {
    const large = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#357' } }).jpeg().toBuffer();
    const info = await acceptUpload(t.deps, { userId: client.id, name: 'wide.jpg', data: large, kinds: ALL });
    const meta = await sharp((await storage.read((await row(info.id)).storageKey))!).metadata();
    expect([meta.width, meta.height]).toEqual([2400, 1200]);
  });
});

describe('claimUpload', () => {
  it('claims the owner’s unclaimed upload once; a second claim, another user’s id or a made-up id are "not found"', async () => {
    const info = await acceptUpload(t.deps, { userId: client.id, name: 'f.pdf', data: minimalPdf(), kinds: ALL });
    const stolen = await rejection(claimUpload(t.deps, { userId: other.id, uploadId: info.id }));
    expect([stolen.code, stolen.status]).toEqual(['upload.notFound', 404]);
    expect((await row(info.id)).claimed).toBe(0);

    expect(await claimUpload(t.deps, { userId: client.id, uploadId: info.id })).toEqual(info);
    expect((await row(info.id)).claimed).toBe(1);
    expect((await rejection(claimUpload(t.deps, { userId: client.id, uploadId: info.id }))).code).toBe('upload.notFound');
    expect((await rejection(claimUpload(t.deps, { userId: client.id, uploadId: '00000000-0000-4000-8000-000000000000' }))).status).toBe(404);
    expect((await rejection(claimUpload(t.deps, { userId: client.id, uploadId: "x' or '1'='1" }))).status).toBe(404);
  });

  it('stays unclaimed when the transaction that saves the record fails', async () => {
    const info = await acceptUpload(t.deps, { userId: client.id, name: 'f.pdf', data: minimalPdf(), kinds: ALL });
    await expect(
      t.db.transaction().execute(async (trx) => {
        await claimUpload({ ...t.deps, db: trx }, { userId: client.id, uploadId: info.id });
        throw new Error('the record did not save');
      }),
    ).rejects.toThrow('the record did not save');
    expect((await row(info.id)).claimed).toBe(0);
  });
});

describe('readUpload, getOwnUpload, deleteUpload, purgeStaleUploads', () => {
  it('serves the file to its owner and to staff and admins; to another client it does not exist', async () => {
    const staff = await makeStaff(t);
    const admin = await makeAdmin(t);
    const pdf = minimalPdf();
    const info = await acceptUpload(t.deps, { userId: client.id, name: 'f.pdf', data: pdf, kinds: ALL });
    for (const viewer of [client, staff, admin]) {
      const file = await readUpload(t.deps, { uploadId: info.id, viewer });
      expect({ ...file, body: undefined }).toEqual({ ...info, body: undefined });
      expect(await bodyOf(file.body)).toEqual(pdf);
    }
    expect((await rejection(readUpload(t.deps, { uploadId: info.id, viewer: other }))).status).toBe(404);
    expect(await getOwnUpload(t.deps, { userId: client.id, uploadId: info.id })).toEqual(info);
    expect((await rejection(getOwnUpload(t.deps, { userId: other.id, uploadId: info.id }))).status).toBe(404);
  });

  it('serves what staff uploaded for a client’s package or ticket to that client, and to no other', async () => {
    const staff = await makeStaff(t);
    const now = new Date().toISOString();
    const photo = await acceptUpload(t.deps, { userId: staff.id, name: 'caja.jpg', data: await phoneJpeg(), kinds: UPLOAD_PURPOSES.photo });
    const reply = await acceptUpload(t.deps, { userId: staff.id, name: 'guia.pdf', data: minimalPdf(), kinds: ALL });
    for (const upload of [photo, reply]) {
      expect((await rejection(readUpload(t.deps, { uploadId: upload.id, viewer: client }))).status).toBe(404);
    }
    await claimUpload(t.deps, { userId: staff.id, uploadId: photo.id });
    await t.db
      .insertInto('package')
      .values({
        userId: client.id, consolidationId: null, trackingNumber: '1Z999', carrier: 'UPS', store: 'Amazon', description: 'Zapatos',
        weightLb: 2, lengthCm: 30, widthCm: 20, heightCm: 10, declaredValueCents: 5000, photoUploadId: photo.id,
        status: 'in_warehouse', receivedAt: now, updatedAt: now,
      })
      .execute();
    await claimUpload(t.deps, { userId: staff.id, uploadId: reply.id });
    const ticket = await t.db.insertInto('ticket').values({ userId: client.id, subject: 'Mi paquete', category: 'package', status: 'answered', createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow();
    const message = await t.db.insertInto('ticketMessage').values({ ticketId: ticket.id, authorUserId: staff.id, fromStaff: 1, body: 'Adjunto la guía', createdAt: now }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('ticketAttachment').values({ messageId: message.id, uploadId: reply.id }).execute();

    for (const upload of [photo, reply]) {
      expect((await readUpload(t.deps, { uploadId: upload.id, viewer: client })).id).toBe(upload.id);
      expect((await rejection(readUpload(t.deps, { uploadId: upload.id, viewer: other }))).status).toBe(404);
    }
  });

  it('deletes only the owner’s upload, and from the field only while unclaimed', async () => {
    const info = await acceptUpload(t.deps, { userId: client.id, name: 'f.pdf', data: minimalPdf(), kinds: ALL });
    const key = (await row(info.id)).storageKey;
    expect((await rejection(deleteUpload(t.deps, { userId: other.id, uploadId: info.id }))).status).toBe(404);
    await claimUpload(t.deps, { userId: client.id, uploadId: info.id });
    expect((await rejection(deleteUpload(t.deps, { userId: client.id, uploadId: info.id, unclaimedOnly: true }))).status).toBe(404);
    await deleteUpload(t.deps, { userId: client.id, uploadId: info.id });
    expect(await storage.read(key)).toBeNull();
    expect((await rejection(readUpload(t.deps, { uploadId: info.id, viewer: client }))).status).toBe(404);
  });

  it('purges unclaimed uploads older than a day and keeps claimed and recent ones', async () => {
    const fresh = await acceptUpload(t.deps, { userId: other.id, name: 'a.pdf', data: minimalPdf(), kinds: ALL });
    const old = await acceptUpload(t.deps, { userId: other.id, name: 'b.pdf', data: minimalPdf(), kinds: ALL });
    const used = await acceptUpload(t.deps, { userId: other.id, name: 'c.pdf', data: minimalPdf(), kinds: ALL });
    await claimUpload(t.deps, { userId: other.id, uploadId: used.id });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    await t.db.updateTable('upload').set({ createdAt: twoDaysAgo }).where('id', 'in', [old.id, used.id]).execute();
    const oldKey = (await row(old.id)).storageKey;

    expect(await purgeStaleUploads(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom('upload').select('id').where('id', '=', old.id).executeTakeFirst()).toBeUndefined();
    expect(existsSync(path.join(uploadsDir, ...oldKey.split('/')))).toBe(false);
    expect((await row(fresh.id)).claimed).toBe(0);
    expect((await row(used.id)).claimed).toBe(1);
  });
});

describe('local storage', () => {
  it('refuses every key that could leave its folder', async () => {
    const local = createLocalStorage(uploadsDir);
    for (const key of ['', '../secret', '/etc/passwd', 'a/../../b', 'a//b', 'a\\..\\b', '.hidden', 'a/./b', 'a/..', 'C:/x', `${'a'.repeat(201)}`, 'a\u0000b']) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(local.put(key, Buffer.from('x')), key).rejects.toThrow('invalid storage key');
      await expect(local.read(key), key).rejects.toThrow('invalid storage key');
    }
  });

  it('writes, reads, streams and removes; a missing key reads as null', async () => {
    const local = createLocalStorage(uploadsDir);
    await local.put('2026/11/test.bin', Buffer.from('hola'));
    expect((await local.read('2026/11/test.bin'))?.toString()).toBe('hola');
    expect((await bodyOf((await local.stream!('2026/11/test.bin'))!)).toString()).toBe('hola');
    await local.remove('2026/11/test.bin');
    await local.remove('2026/11/test.bin');
    expect(await local.read('2026/11/test.bin')).toBeNull();
    expect(await local.stream!('2026/11/test.bin')).toBeNull();
  });
});

describe('half-written files', () => {
  it('are removed at once when a write fails, and a stale one left by a killed process is swept', async () => {
    const { mkdir, writeFile, utimes, readdir } = await import('node:fs/promises');
    const dir = path.join(uploadsDir, '2026', '10');
    await mkdir(dir, { recursive: true });
    // A write that fails half way: the data is not a buffer the file handle can write.
    const local = createLocalStorage(uploadsDir);
    await expect(local.put('2026/10/broken.bin', 42 as unknown as Buffer)).rejects.toThrow();
    expect((await readdir(dir)).filter((name) => name.endsWith('.part'))).toEqual([]);

    const stale = path.join(dir, 'x.pdf.1234.part');
    const recent = path.join(dir, 'y.pdf.5678.part');
    await writeFile(stale, 'half');
    await writeFile(recent, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);
    await local.put('2026/10/kept.bin', Buffer.from('whole'));

    expect(await sweepPartialUploads({ ...t.deps, storage: local })).toBe(1);
    expect(existsSync(stale)).toBe(false);
    // A recent one may be a write in progress in another process; a finished file is never touched.
    expect(existsSync(recent)).toBe(true);
    expect((await local.read('2026/10/kept.bin'))?.toString()).toBe('whole');
  });
});

describe('content rules', () => {
  it('knows PDF, PNG and JPEG by their first bytes only', async () => {
    expect(sniffKind(minimalPdf())).toBe('pdf');
    expect(sniffKind(await tinyPng())).toBe('png');
    expect(sniffKind(await phoneJpeg())).toBe('jpeg');
    expect(sniffKind(textFile())).toBeNull();
    expect(sniffKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffKind(Buffer.alloc(0))).toBeNull();
  });

  it('cleans the shown name and gives it the real extension', () => {
    expect(displayName('C:\\fakepath\\factura.pdf', 'pdf')).toBe('factura.pdf');
    expect(displayName('../../etc/passwd', 'png')).toBe('passwd.png');
    expect(displayName('foto.PNG', 'png')).toBe('foto.PNG');
    expect(displayName('foto.jpeg', 'jpeg')).toBe('foto.jpeg');
    expect(displayName('factura.pdf', 'png')).toBe('factura.png');
    expect(displayName('recibo enero 2026', 'pdf')).toBe('recibo enero 2026.pdf');
    expect(displayName('a\u0000b\u202e"c<d>.pdf', 'pdf')).toBe('abcd.pdf');
    expect(displayName('', 'jpeg')).toBe('file.jpg');
    expect(displayName('...', 'pdf')).toBe('file.pdf');
    expect(Array.from(displayName(`${'ñ'.repeat(300)}.pdf`, 'pdf'))).toHaveLength(200);
    expect(displayName(`${'😀'.repeat(250)}.png`, 'png').endsWith('😀.png')).toBe(true);
  });
});
