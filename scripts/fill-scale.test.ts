import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '#server/modules/auth/password.ts';
import { createTestDatabase, type TestDatabase } from '../tests/support/test-db.ts';
import { fillScale, SCALE_OWNER } from './fill-scale.ts';

// The scale fill on the suite's database (SQLite or PostgreSQL), small: the same code writes the
// bench's 1,000 stores and 100,000 products.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

describe('npm run fill:scale', () => {
  it('writes the stores, and one store with a catalog whose variants and taxonomy hang together', async () => {
    const result = await fillScale(t.db, { stores: 4, products: 2_345, password: 'escala1234' });
    const stores = await t.db.selectFrom('store').innerJoin('user', 'user.id', 'store.userId').select(['store.id', 'store.slug', 'user.email', 'user.passwordHash']).execute();
    expect(stores).toHaveLength(4);
    const owner = stores.find((store) => store.slug === SCALE_OWNER.slug)!;
    expect(owner.email).toBe(SCALE_OWNER.email);
    expect(owner.id).toBe(result.storeId);
    expect(await verifyPassword('escala1234', owner.passwordHash)).toBe(true);

    const products = await t.db.selectFrom('product').select(['id', 'slug', 'categoryId', 'subcategoryId', 'stock']).where('storeId', '=', result.storeId).execute();
    // more than one batch of 1,000, and the last one partial
    expect(products).toHaveLength(2_345);
    expect(new Set(products.map((product) => product.id)).size).toBe(2_345);
    const subcategories = new Map((await t.db.selectFrom('subcategory').select(['id', 'categoryId']).where('storeId', '=', result.storeId).execute()).map((row) => [row.id, row.categoryId]));
    expect(products.every((product) => subcategories.get(product.subcategoryId!) === product.categoryId)).toBe(true);
    expect(products.some((product) => product.stock === 0) && products.some((product) => product.stock > 0)).toBe(true);

    const variants = await t.db.selectFrom('variant').select(['productId', 'stock']).where('storeId', '=', result.storeId).execute();
    expect(variants).toHaveLength(result.variants);
    // each product's variants: how many and their total stock
    const byProduct = new Map<number, { count: number; stock: number }>();
    for (const variant of variants) {
      const sum = byProduct.get(variant.productId) ?? { count: 0, stock: 0 };
      byProduct.set(variant.productId, { count: sum.count + 1, stock: sum.stock + variant.stock });
    }
    // a product with variants has their total stock, as the app keeps it
    expect(products.filter((product) => byProduct.has(product.id) && byProduct.get(product.id)!.stock !== product.stock)).toEqual([]);
    expect(variants.some((variant) => variant.stock > 0)).toBe(true);
    // product n (`producto-n`) has n % 4 variants, whatever its id
    expect(products.filter((product) => (byProduct.get(product.id)?.count ?? 0) !== Number(product.slug.replace('producto-', '')) % 4)).toEqual([]);
    expect(result.variants / result.products).toBeGreaterThan(1.2);
  });
});
