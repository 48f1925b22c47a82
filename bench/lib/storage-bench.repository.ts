import type { Db } from '#server/db/database.ts';

// bench:storage's own SQL: a published store with one image of its own, written straight in.

export async function publishStore(db: Db, storeId: number): Promise<void> {
  await db.updateTable('store').set({ published: 1 }).where('id', '=', storeId).execute();
}

export async function addStoreImage(db: Db, image: { uploadId: string; storeId: number; userId: number; storageKey: string; size: number }): Promise<void> {
  await db.insertInto('upload').values({ id: image.uploadId, userId: image.userId, storageKey: image.storageKey, name: 'foto.jpg', type: 'image/jpeg', size: image.size, claimed: 1, createdAt: new Date().toISOString() }).execute();
  await db.insertInto('storeUpload').values({ uploadId: image.uploadId, storeId: image.storeId }).execute();
}
