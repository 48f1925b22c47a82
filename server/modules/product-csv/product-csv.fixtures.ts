import { makeStore, type TestStore } from '../../../tests/support/factories.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { ownStoreScope, type StoreScope } from '#server/modules/store/store-scope.ts';
import { exportCatalog } from './product-csv-export.service.ts';

// What the catalog CSV's two test files share: a store with a small catalog, the header of its
// export, its products, and an export's lines.

export const now = () => new Date().toISOString();

/** `app`: the test file's app, made in its beforeAll. */
export function csvFixtures(app: () => TestApp) {
  /** A store with two categories (one with a subcategory), a brand, a colour and a size, and two products, one with two variants. */
  async function storeWithCatalog(prefix: string): Promise<{ store: TestStore; scope: StoreScope }> {
    const t = app();
    const store = await makeStore(t);
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    const stamps = { storeId: scope.storeId, enabled: 1, createdAt: now(), updatedAt: now() };
    const db = t.db;
    const [ropa] = await db.insertInto('category').values([{ ...stamps, name: 'Ropa', slug: `${prefix}ropa`, imageId: null }, { ...stamps, name: 'Hogar', slug: `${prefix}hogar`, imageId: null }]).returning('id').execute();
    await db.insertInto('subcategory').values({ ...stamps, categoryId: ropa!.id, name: 'Camisetas', slug: `${prefix}camisetas`, imageId: null }).execute();
    await db.insertInto('brand').values({ ...stamps, name: 'Andina', slug: `${prefix}andina`, imageId: null }).execute();
    const [rojo] = await db.insertInto('color').values({ ...stamps, name: 'Rojo', slug: `${prefix}rojo`, hex: '#cc0000' }).returning('id').execute();
    const [m] = await db.insertInto('size').values({ ...stamps, name: 'M', slug: `${prefix}m`, sortOrder: 2 }).returning('id').execute();
    const product = { ...stamps, categoryId: ropa!.id, unit: 'standard', type: 'piece', taxBp: 1500, description: '', code: '', sku: '', keywords: '', content: '', discountBp: 0, weightGrams: null, featured: 0, priority: 0 };
    const [camiseta] = await db.insertInto('product').values([
      { ...product, name: 'Camiseta "Quito", algodón', slug: 'camiseta', sku: 'CAM-1', priceCents: 1999, discountBp: 1050, stock: 4, weightGrams: 180, content: '<p>Suave,\nfresca</p>' },
      { ...product, name: 'Taza', slug: 'taza', priceCents: 500, stock: 0, featured: 1 },
    ]).returning('id').execute();
    await db.insertInto('variant').values([
      { ...stamps, productId: camiseta!.id, name: 'Rojo M', sku: 'CAM-1-RM', colorId: rojo!.id, sizeId: m!.id, priceCents: 1999, stock: 3, imageId: null },
      { ...stamps, productId: camiseta!.id, name: 'Rojo L', sku: 'CAM-1-RL', colorId: rojo!.id, sizeId: null, priceCents: 2199, stock: 1, imageId: null },
    ]).execute();
    return { store, scope };
  }

  const lines = (text: string) => text.replace(/^\uFEFF/, '').trimEnd().split('\n');
  const headerOf = async (scope: StoreScope) => lines(await exportCatalog(app().deps, scope))[0]!.replace(/^\uFEFF/, '');
  const productsOf = (scope: StoreScope) => app().db.selectFrom('product').select(['id', 'name', 'slug', 'sku', 'priceCents', 'content']).where('storeId', '=', scope.storeId).orderBy('id').execute();
  return { storeWithCatalog, headerOf, productsOf, lines };
}
