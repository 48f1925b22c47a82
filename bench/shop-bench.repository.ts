// The SQL of bench:shop (bench/shop.ts): a small store beside the scale database's big one, ten
// products in one category, written straight into a throw-away database as fill-scale writes; and
// on PostgreSQL, the empty schema the 1-store database is filled in.
import pg from 'pg';
import type { Db } from '#server/db/database.ts';

export async function fillSmallStore(db: Db, slug: string, products: number): Promise<void> {
  const store = await db.selectFrom('store').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const stamps = { storeId: store.id, enabled: 1, createdAt: now, updatedAt: now };
  const category = await db.insertInto('category').values({ ...stamps, name: 'Pocos', slug: 'pocos', imageId: null }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('product')
    .values(
      Array.from({ length: products }, (_, i) => ({
        ...stamps,
        name: `Pequeño ${i + 1}`,
        slug: `pequeno-${i + 1}`,
        description: `Pequeño ${i + 1}: descripción de prueba.`,
        code: `S${i + 1}`,
        sku: `SMALL-${i + 1}`,
        categoryId: category.id,
        subcategoryId: null,
        brandId: null,
        colorId: null,
        sizeId: null,
        priority: 0,
        keywords: '',
        content: '',
        unit: 'standard',
        type: 'piece',
        stock: 10,
        weightGrams: 100,
        priceCents: 1999 + i,
        discountBp: 0,
        taxBp: 1500,
        featured: 0,
      })),
    )
    .execute();
}

/** `databaseUrl` with its connections in `schema`, dropped and created empty first: the 1-store database beside the 1,000-store one. */
export async function emptySchemaUrl(databaseUrl: string, schema: string): Promise<string> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}
