import { makeStore, type TestStore } from '../../../tests/support/factories.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { exportCatalog } from './product-csv-export.service.ts';
import { colorResource } from '#common/resources/color.ts';
import { productResource, variantResource } from '#common/resources/product.ts';
import { brandResource, categoryResource, sizeResource, subcategoryResource } from '#common/resources/taxonomy.ts';
import * as colors from '#server/modules/color/color.service.ts';
import * as products from '#server/modules/product/product.service.ts';
import * as brands from '#server/modules/taxonomy/brand.service.ts';
import * as categories from '#server/modules/taxonomy/category.service.ts';
import * as sizes from '#server/modules/taxonomy/size.service.ts';
import * as subcategories from '#server/modules/taxonomy/subcategory.service.ts';
import * as variants from '#server/modules/variant/variant.service.ts';

// What the catalog CSV's two test files share: a store with a small catalog, the header of its
// export, its products, and an export's lines.

/** `app`: the test file's app, made in its beforeAll. */
export function csvFixtures(app: () => TestApp) {
  /** A store with two categories (one with a subcategory), a brand, a colour and a size, and two products, one with two variants. */
  async function storeWithCatalog(prefix: string): Promise<{ store: TestStore; scope: StoreScope }> {
    const t = app();
    const store = await makeStore(t);
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    // Made as the dashboard makes them: through each resource's service, its input parsed first.
    const make = (service: { create: typeof categories.create }, input: { parse(value: unknown): unknown }, values: object) =>
      service.create(t.deps, scope, input.parse({ enabled: true, ...values }) as never);
    const ropa = await make(categories, categoryResource.input, { name: 'Ropa', slug: `${prefix}ropa` });
    await make(categories, categoryResource.input, { name: 'Hogar', slug: `${prefix}hogar` });
    await make(subcategories, subcategoryResource.input, { categoryId: ropa, name: 'Camisetas', slug: `${prefix}camisetas` });
    await make(brands, brandResource.input, { name: 'Andina', slug: `${prefix}andina` });
    const rojo = await make(colors, colorResource.input, { name: 'Rojo', slug: `${prefix}rojo`, hex: '#cc0000' });
    const m = await make(sizes, sizeResource.input, { name: 'M', slug: `${prefix}m`, sortOrder: 2 });
    const product = { categoryId: ropa, unit: 'standard', type: 'piece', ivaCode: '4' };
    const camiseta = await make(products, productResource.input, { ...product, name: 'Camiseta "Quito", algodón', slug: 'camiseta', sku: 'CAM-1', price: 19.99, discount: 10.5, stock: 4, weightGrams: 180, content: '<p>Suave,\nfresca</p>' });
    await make(products, productResource.input, { ...product, name: 'Taza', slug: 'taza', price: 5, stock: 0, featured: true });
    await make(variants, variantResource.input, { productId: camiseta, name: 'Rojo M', sku: 'CAM-1-RM', colorId: rojo, sizeId: m, price: 19.99, stock: 3 });
    await make(variants, variantResource.input, { productId: camiseta, name: 'Rojo L', sku: 'CAM-1-RL', colorId: rojo, price: 21.99, stock: 1 });
    return { store, scope };
  }

  const lines = (text: string) => text.replace(/^\uFEFF/, '').trimEnd().split('\n');
  const headerOf = async (scope: StoreScope) => lines(await exportCatalog(app().deps, scope))[0]!.replace(/^\uFEFF/, '');
  return { storeWithCatalog, headerOf, lines };
}
