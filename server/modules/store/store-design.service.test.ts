import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreDesignSchema } from '#common/schemas/store.ts';
import { makeStore, makeUser } from '../../../tests/support/factories.ts';
import { rejection } from '../../../tests/support/rejection.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import { acceptUpload, UPLOAD_PURPOSES, type UploadKind } from '../upload/upload.service.ts';
import { minimalPdf, phoneJpeg, tinyPng } from '../upload/upload.fixtures.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { storeUploadIds } from '#server/modules/upload/upload.service.ts';
import { getDesign, updateDesign } from './store.service.ts';

// The store's design (issue 10 §3): logo checked by content, resized to fit 620×150, old files
// removed, another user's upload refused; on the dialect the suite runs on.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

async function ownerWithStore() {
  const store = await makeStore(t);
  const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  return { owner: store.owner, scope };
}

const upload = (userId: number, data: Buffer, kinds: readonly UploadKind[] = UPLOAD_PURPOSES.logo) => acceptUpload(t.deps, { userId, name: 'logo.png', data, kinds });
const design = (logo: string | null, style = 1) => StoreDesignSchema.parse({ logo, style });
const fileOf = async (uploadId: string) => {
  const row = await t.db.selectFrom('upload').select(['storageKey', 'claimed', 'size']).where('id', '=', uploadId).executeTakeFirst();
  return row ? { ...row, path: path.join(t.config.dataDir, 'uploads', ...row.storageKey.split('/')) } : null;
};
describe('updateDesign', () => {
  it('scales a big logo down to fit 620×150, keeping its aspect, and claims it', async () => {
    const { owner, scope } = await ownerWithStore();
    const { id } = await upload(owner.id, await tinyPng(1240, 600));
    const saved = await updateDesign(t.deps, scope, design(id, 3));
    expect(saved).toMatchObject({ style: 3, styleName: 'nature', logo: { id, type: 'image/png', url: `/api/v1/uploads/${id}` } });
    const file = (await fileOf(id))!;
    expect(file.claimed).toBe(1);
    const meta = await sharp(file.path).metadata();
    // 1240×600 → height-bound: 150 high, 310 wide.
    expect([meta.width, meta.height]).toEqual([310, 150]);
    expect(saved.logo!.size).toBe(file.size);
    const wide = await upload(owner.id, await tinyPng(2000, 100));
    await updateDesign(t.deps, scope, design(wide.id));
    const wideMeta = await sharp((await fileOf(wide.id))!.path).metadata();
    expect([wideMeta.width, wideMeta.height]).toEqual([620, 31]);
  });

  it('never enlarges a small logo, and keeps a JPEG a JPEG', async () => {
    const { owner, scope } = await ownerWithStore();
    const { id } = await upload(owner.id, await phoneJpeg());
    await updateDesign(t.deps, scope, design(id));
    const meta = await sharp((await fileOf(id))!.path).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([20, 40]);
  });

  it('checks the file by content: a PDF uploaded for another purpose is an invalid logo', async () => {
    const { owner, scope } = await ownerWithStore();
    const pdf = await upload(owner.id, minimalPdf(), UPLOAD_PURPOSES.attachment);
    const error = await rejection(updateDesign(t.deps, scope, design(pdf.id)));
    expect(error).toMatchObject({ code: 'upload.fileType', status: 400, field: 'logo' });
    expect((await fileOf(pdf.id))!.claimed).toBe(0);
    expect((await getDesign(t.deps, scope)).logo).toBeNull();
  });

  it('refuses another user’s upload, an unknown id and one already used, as a logo field error', async () => {
    const { scope } = await ownerWithStore();
    const stranger = await makeUser(t);
    const theirs = await upload(stranger.id, await tinyPng());
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const error = await rejection(updateDesign(t.deps, scope, design(id)));
      expect(error, id).toMatchObject({ code: 'upload.notFound', status: 400, field: 'logo' });
    }
    expect((await fileOf(theirs.id))!.claimed).toBe(0);
    expect((await getDesign(t.deps, scope)).logo).toBeNull();
  });

  it('removes the replaced logo’s row and file, and the removed one’s, leaving no orphan', async () => {
    const { owner, scope } = await ownerWithStore();
    const first = await upload(owner.id, await tinyPng(300, 100));
    await updateDesign(t.deps, scope, design(first.id));
    const firstFile = (await fileOf(first.id))!;
    expect(existsSync(firstFile.path)).toBe(true);

    // Saving again with the same logo keeps it (it is not claimed twice).
    await updateDesign(t.deps, scope, design(first.id, 5));
    expect(existsSync(firstFile.path)).toBe(true);
    expect(await storeUploadIds(t.deps, scope)).toEqual([first.id]);

    const second = await upload(owner.id, await tinyPng(300, 100));
    const replaced = await updateDesign(t.deps, scope, design(second.id, 5));
    expect(replaced.logo!.id).toBe(second.id);
    expect(await fileOf(first.id)).toBeNull();
    expect(existsSync(firstFile.path)).toBe(false);

    const secondFile = (await fileOf(second.id))!;
    const removed = await updateDesign(t.deps, scope, design(null, 2));
    expect(removed).toEqual({ logo: null, style: 2, styleName: 'cold' });
    expect(await fileOf(second.id)).toBeNull();
    expect(existsSync(secondFile.path)).toBe(false);
    expect(await storeUploadIds(t.deps, scope)).toEqual([]);
  });

  it('refuses a style outside 1–6 and reads a blank logo as none', () => {
    for (const style of [0, 7, 2.5, '']) expect(StoreDesignSchema.safeParse({ logo: null, style }).success, String(style)).toBe(false);
    expect(StoreDesignSchema.parse({ logo: '', style: '4' })).toEqual({ logo: null, style: 4 });
  });
});
