import type { Db } from '#server/db/database.ts';

// The page cache's one question to the database (decision 064): a store's page version, by the
// slug in the address, with what decides whether it shows at all. One indexed row; no store
// scope yet, as shopStoreScope (decision 025) reads the same row by the same slug.
export const findPageVersion = (db: Db, slug: string) =>
  db.selectFrom('store').select(['id', 'pageVersion', 'published', 'expiresAt']).where('slug', '=', slug).executeTakeFirst();
