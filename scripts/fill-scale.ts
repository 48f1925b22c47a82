// npm run fill:scale -- [--stores 1000] [--products 100000] [--password …]
//
// Fills the configured database (DATA_DIR's SQLite, or DATABASE_URL's PostgreSQL) with what issue 11
// measures at: many stores, and one store — `escala@tiendabox.ec`, slug `escala` — with a
// catalog of --products products, most with variants (0–3 each, 1.5 on average), spread over
// categories, subcategories and brands. The bench's catalog targets run against it.
//
// Rows go in with multi-row inserts in one transaction (fill-scale.repository.ts), not through the
// services: the services' rules (plan limits, one slug at a time) are what the tests check; this is
// about volume.
import { hashPassword } from '#server/modules/auth/password.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db, optimizeDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { findDefaultPlan } from '#server/modules/plan/plan.repository.ts';
import { findStoreBySlug } from '#server/modules/store/store.repository.ts';
import { parseArgs } from './cli-args.ts';
import { addOwnerMembers, idsInStore, insertRows, productsBySku, ROWS_PER_INSERT, subcategoriesInStore, userIdsByEmail } from './fill-scale.repository.ts';

export const SCALE_OWNER = { email: 'escala@tiendabox.ec', slug: 'escala' } as const;

const WORDS = ['Camiseta', 'Pantalón', 'Zapato', 'Gorra', 'Mochila', 'Reloj', 'Taza', 'Lámpara', 'Cojín', 'Libreta', 'Bolso', 'Chaqueta'];
const ADJECTIVES = ['clásica', 'deportiva', 'de algodón', 'ecológica', 'premium', 'artesanal', 'de viaje', 'infantil', 'unisex', 'de cuero'];

/** The `index`th of `parts` shares of `total` that add up to it (the first ones one more when it does not divide). */
const share = (total: number, parts: number, index: number) => Math.floor(total / parts) + (index < total % parts ? 1 : 0);

export type ScaleOptions = { stores: number; products: number; password: string; now?: Date; log?: (line: string) => void };

/** Fills `db` (already migrated); returns the big store's id and the counts written. */
export async function fillScale(db: Db, options: ScaleOptions) {
  const log = options.log ?? (() => {});
  const now = (options.now ?? new Date()).toISOString();
  const passwordHash = await hashPassword(options.password);
  const person = { passwordHash, lastname: 'Escala', documentType: 'passport' as const, documentNumber: 'X0000000', phone: '0990000000', address: 'Av. Amazonas 100', country: 'EC', state: 'Pichincha', city: 'Quito', zip: '170150', role: 'client' as const, enabled: 1, locale: 'es' as const, emailNotifications: '[]', createdAt: now, updatedAt: now };

  return db.transaction().execute(async (trx) => {
    const users = Array.from({ length: options.stores }, (_, i) => ({ ...person, email: i === 0 ? SCALE_OWNER.email : `tienda-${i}@escala.test`, name: `Tienda ${i}`, lockerCode: `EC-S${String(i).padStart(6, '0')}` }));
    await insertRows(trx, 'user', users);
    const byEmail = await userIdsByEmail(trx, SCALE_OWNER.email, 'escala.test');
    const plan = await findDefaultPlan(trx);
    const expiresAt = new Date(Date.parse(now) + 365 * 86_400_000).toISOString();
    await insertRows(trx, 'store', users.map((user, i) => ({ userId: byEmail.get(user.email)!, slug: i === 0 ? SCALE_OWNER.slug : `tienda-escala-${i}`, name: i === 0 ? 'Tienda a escala' : `Tienda ${i}`, section: '', description: '', published: 1, planId: plan?.id ?? null, expiresAt, createdAt: now, updatedAt: now })));
    await addOwnerMembers(trx, now);
    const storeId = (await findStoreBySlug(trx, SCALE_OWNER.slug))!.id;
    log(`${options.stores} users and stores`);

    const variants = await fillCatalog(trx, storeId, { products: options.products, now, log });
    log(`done: ${options.products} products, ${variants} variants in store ${storeId}`);
    return { storeId, stores: options.stores, products: options.products, variants };
  });
}

/**
 * The catalog of the big store, in `storeId` (already in a transaction): 20 categories of 3
 * subcategories, 30 brands, 6 colours, 5 sizes, and `products` products, `producto-1` up; product n
 * has n % 4 variants. bench:shop writes the same catalog, 10 products long, into a small store, so
 * that its product page is the big store's page, not a simpler one. Returns the variants written.
 */
export async function fillCatalog(trx: Db, storeId: number, options: { products: number; now: string; log?: (line: string) => void }): Promise<number> {
  const { now, log = () => {} } = options;
  const stamps = { storeId, enabled: 1, createdAt: now, updatedAt: now };
  await insertRows(trx, 'category', Array.from({ length: 20 }, (_, i) => ({ ...stamps, name: `Categoría ${i + 1}`, slug: `categoria-${i + 1}`, imageId: null })));
  await insertRows(trx, 'brand', Array.from({ length: 30 }, (_, i) => ({ ...stamps, name: `Marca ${i + 1}`, slug: `marca-${i + 1}`, imageId: null })));
  await insertRows(trx, 'color', ['Rojo', 'Azul', 'Verde', 'Negro', 'Blanco', 'Gris'].map((name, i) => ({ ...stamps, name, slug: name.toLowerCase(), hex: `#${(i * 0x2a2a2a).toString(16).padStart(6, '0')}` })));
  await insertRows(trx, 'size', ['XS', 'S', 'M', 'L', 'XL'].map((name, i) => ({ ...stamps, name, slug: name.toLowerCase(), sortOrder: i })));
  const [categories, brands, colors, sizes] = await Promise.all([idsInStore(trx, { storeId }, 'category'), idsInStore(trx, { storeId }, 'brand'), idsInStore(trx, { storeId }, 'color'), idsInStore(trx, { storeId }, 'size')]);
  await insertRows(trx, 'subcategory', categories.flatMap((categoryId, c) => Array.from({ length: 3 }, (_, i) => ({ ...stamps, categoryId, name: `Subcategoría ${c + 1}.${i + 1}`, slug: `subcategoria-${c + 1}-${i + 1}`, imageId: null }))));
  const subcategories = await subcategoriesInStore(trx, { storeId });

  let variants = 0;
  for (let start = 0; start < options.products; start += ROWS_PER_INSERT) {
    const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, options.products - start) }, (_, k) => {
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
        ivaCode: '4',
        featured: n % 50 === 0 ? 1 : 0,
        enabled: n % 20 === 0 ? 0 : 1,
      };
    });
    await insertRows(trx, 'product', rows);
    const inserted = await productsBySku(trx, { storeId }, rows.map((row) => row.sku));
    // A product with variants has their total stock, as the app keeps it (product.repository's
    // syncVariantStock): its stock is split among them. Stocks that disagree made the first
    // import of bench:csv rewrite ~75,000 untouched products to their variants' total.
    const variantCount = new Map(rows.map((row, k) => [row.sku, (start + k + 1) % 4]));
    const variantRows = inserted.flatMap((product) => Array.from({ length: variantCount.get(product.sku)! }, (_, v) => ({
      ...stamps,
      productId: product.id,
      name: `Talla ${v + 1}`,
      sku: `${product.sku}-${v + 1}`,
      colorId: colors[v % colors.length]!,
      sizeId: sizes[v % sizes.length]!,
      priceCents: product.priceCents,
      stock: share(product.stock, variantCount.get(product.sku)!, v),
      imageId: null,
    })));
    await insertRows(trx, 'variant', variantRows);
    variants += variantRows.length;
    if ((start / ROWS_PER_INSERT) % 10 === 9) log(`${start + rows.length} products, ${variants} variants`);
  }
  return variants;
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
