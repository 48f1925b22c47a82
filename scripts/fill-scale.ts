// npm run fill:scale -- [--stores 1000] [--products 100000] [--password …]
//
// Fills the configured database (DATA_DIR's SQLite, or DATABASE_URL's PostgreSQL) with what issue 11
// measures at: many stores, and one store — `escala@tiendabox.ec`, slug `escala` — with a
// catalogue of --products products, most with variants (0–3 each, 1.5 on average), spread over
// categories, subcategories and brands. The bench's catalogue targets run against it.
//
// Rows go in with multi-row inserts in one transaction, not through the services: the services'
// rules (plan limits, one slug at a time) are what the tests check; this is about volume.
import { hashPassword } from '#server/modules/auth/password.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db, optimizeDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import type { Database } from '#server/db/schema.ts';
import type { Insertable } from 'kysely';
import { parseArgs } from './cli-args.ts';

export const SCALE_OWNER = { email: 'escala@tiendabox.ec', slug: 'escala' } as const;

// Rows per INSERT: under SQLite's 32 766 bound parameters for the widest table (product, ~25).
const BATCH = 1000;
const WORDS = ['Camiseta', 'Pantalón', 'Zapato', 'Gorra', 'Mochila', 'Reloj', 'Taza', 'Lámpara', 'Cojín', 'Libreta', 'Bolso', 'Chaqueta'];
const ADJECTIVES = ['clásica', 'deportiva', 'de algodón', 'ecológica', 'premium', 'artesanal', 'de viaje', 'infantil', 'unisex', 'de cuero'];

async function insertAll<T extends keyof Database & string>(db: Db, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    // Kysely's generic insert over a table chosen at run time
    await db.insertInto(table).values(rows.slice(start, start + BATCH) as never).execute();
  }
}

export type ScaleOptions = { stores: number; products: number; password: string; now?: Date; log?: (line: string) => void };

/** Fills `db` (already migrated); returns the big store's id and the counts written. */
export async function fillScale(db: Db, options: ScaleOptions) {
  const log = options.log ?? (() => {});
  const now = (options.now ?? new Date()).toISOString();
  const passwordHash = await hashPassword(options.password);
  const person = { passwordHash, lastname: 'Escala', documentType: 'passport' as const, documentNumber: 'X0000000', phone: '0990000000', address: 'Av. Amazonas 100', country: 'EC', state: 'Pichincha', city: 'Quito', zip: '170150', role: 'client' as const, enabled: 1, locale: 'es' as const, emailNotifications: '[]', createdAt: now, updatedAt: now };

  return db.transaction().execute(async (trx) => {
    const users = Array.from({ length: options.stores }, (_, i) => ({ ...person, email: i === 0 ? SCALE_OWNER.email : `tienda-${i}@escala.test`, name: `Tienda ${i}`, lockerCode: `EC-S${String(i).padStart(6, '0')}` }));
    await insertAll(trx, 'user', users);
    const userIds = await trx.selectFrom('user').select(['id', 'email']).where('email', 'in', [SCALE_OWNER.email]).union(trx.selectFrom('user').select(['id', 'email']).where('email', 'like', '%@escala.test')).execute();
    const byEmail = new Map(userIds.map((row) => [row.email, row.id]));
    const plan = await trx.selectFrom('plan').select('id').where('isDefault', '=', 1).executeTakeFirst();
    const expiresAt = new Date(Date.parse(now) + 365 * 86_400_000).toISOString();
    await insertAll(trx, 'store', users.map((user, i) => ({ userId: byEmail.get(user.email)!, slug: i === 0 ? SCALE_OWNER.slug : `tienda-escala-${i}`, name: i === 0 ? 'Tienda a escala' : `Tienda ${i}`, section: '', description: '', published: 1, planId: plan?.id ?? null, expiresAt, createdAt: now, updatedAt: now })));
    const store = await trx.selectFrom('store').select('id').where('slug', '=', SCALE_OWNER.slug).executeTakeFirstOrThrow();
    const storeId = store.id;
    log(`${options.stores} users and stores`);

    const stamps = { storeId, enabled: 1, createdAt: now, updatedAt: now };
    await insertAll(trx, 'category', Array.from({ length: 20 }, (_, i) => ({ ...stamps, name: `Categoría ${i + 1}`, slug: `categoria-${i + 1}`, imageId: null })));
    await insertAll(trx, 'brand', Array.from({ length: 30 }, (_, i) => ({ ...stamps, name: `Marca ${i + 1}`, slug: `marca-${i + 1}`, imageId: null })));
    await insertAll(trx, 'color', ['Rojo', 'Azul', 'Verde', 'Negro', 'Blanco', 'Gris'].map((name, i) => ({ ...stamps, name, slug: name.toLowerCase(), hex: `#${(i * 0x2a2a2a).toString(16).padStart(6, '0')}` })));
    await insertAll(trx, 'size', ['XS', 'S', 'M', 'L', 'XL'].map((name, i) => ({ ...stamps, name, slug: name.toLowerCase(), sortOrder: i })));
    const ids = async (table: 'category' | 'brand' | 'color' | 'size') => (await trx.selectFrom(table).select('id').where('storeId', '=', storeId).orderBy('id').execute()).map((row) => row.id);
    const [categories, brands, colors, sizes] = await Promise.all([ids('category'), ids('brand'), ids('color'), ids('size')]);
    await insertAll(trx, 'subcategory', categories.flatMap((categoryId, c) => Array.from({ length: 3 }, (_, i) => ({ ...stamps, categoryId, name: `Subcategoría ${c + 1}.${i + 1}`, slug: `subcategoria-${c + 1}-${i + 1}`, imageId: null }))));
    const subcategories = await trx.selectFrom('subcategory').select(['id', 'categoryId']).where('storeId', '=', storeId).orderBy('id').execute();

    let variants = 0;
    for (let start = 0; start < options.products; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, options.products - start) }, (_, k) => {
        const n = start + k + 1;
        const subcategory = subcategories[n % subcategories.length]!;
        const name = `${WORDS[n % WORDS.length]} ${ADJECTIVES[Math.floor(n / WORDS.length) % ADJECTIVES.length]} ${n}`;
        return {
          ...stamps,
          name,
          slug: `producto-${n}`,
          description: `${name}: descripción de prueba para la carga a escala.`,
          code: `P${String(n).padStart(6, '0')}`,
          sku: `SKU-${String(n).padStart(6, '0')}`,
          categoryId: subcategory.categoryId,
          subcategoryId: subcategory.id,
          brandId: brands[n % brands.length]!,
          colorId: null,
          sizeId: null,
          priority: n % 10,
          keywords: 'escala,prueba',
          content: '',
          unit: 'standard',
          type: 'piece',
          // every seventh product is out of stock, so the stock filter has both sides
          stock: n % 7 === 0 ? 0 : (n * 13) % 200,
          weightGrams: 100 + (n % 900),
          priceCents: 199 + ((n * 377) % 99_800),
          discountBp: n % 5 === 0 ? 1000 : 0,
          taxBp: 1500,
          featured: n % 50 === 0 ? 1 : 0,
          enabled: n % 20 === 0 ? 0 : 1,
        };
      });
      await insertAll(trx, 'product', rows);
      const inserted = await trx.selectFrom('product').select(['id', 'sku', 'priceCents']).where('storeId', '=', storeId).where('sku', 'in', rows.map((row) => row.sku)).execute();
      const subproducts = inserted.flatMap((product) => Array.from({ length: product.id % 4 }, (_, v) => ({
        ...stamps,
        productId: product.id,
        name: `Talla ${v + 1}`,
        sku: `${product.sku}-${v + 1}`,
        colorId: colors[v % colors.length]!,
        sizeId: sizes[v % sizes.length]!,
        priceCents: product.priceCents,
        stock: (product.id * (v + 3)) % 50,
        imageId: null,
      })));
      await insertAll(trx, 'subproduct', subproducts);
      variants += subproducts.length;
      if ((start / BATCH) % 10 === 9) log(`${start + rows.length} products, ${variants} variants`);
    }
    log(`done: ${options.products} products, ${variants} variants in store ${storeId}`);
    return { storeId, stores: options.stores, products: options.products, variants };
  });
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const stores = Number(args.stores ?? 1000);
  const products = Number(args.products ?? 100_000);
  if (!Number.isInteger(stores) || stores < 1 || !Number.isInteger(products) || products < 0) {
    console.error('usage: npm run fill:scale -- [--stores N ≥ 1] [--products N ≥ 0] [--password P]');
    process.exit(2);
  }
  const db = createDatabase(loadConfig());
  try {
    await migrateToLatest(db);
    const started = Date.now();
    await fillScale(db, { stores, products, password: args.password ?? 'escala1234', log: (line) => console.log(`${((Date.now() - started) / 1000).toFixed(1)} s  ${line}`) });
    await optimizeDatabase(db);
    console.log(`log in as ${SCALE_OWNER.email} (password ${args.password ? 'as given' : 'escala1234'}); the store is /shop/${SCALE_OWNER.slug}`);
  } finally {
    await db.destroy();
  }
}

if (import.meta.main) await main();
