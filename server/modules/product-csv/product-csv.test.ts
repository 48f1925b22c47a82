import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../../../tests/support/factories.ts';
import { callApi } from '../../../tests/support/forms.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { ownStoreScope, type StoreScope } from '#server/modules/store/store-scope.ts';
import { applyImport, exportCatalog, previewImport } from './product-csv.service.ts';
import { decimalToInteger, integerToDecimal } from './csv-values.ts';

// The catalog as CSV (issue 11 §9) on the suite's database, with the store guard on: export,
// preview, all-or-nothing import, per-row problems, the plan limit and store isolation, through the
// service and through the API (needs `npm run build` first).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const now = () => new Date().toISOString();

/** A store with two categories (one with a subcategory), a brand, a colour and a size, and two products, one with two variants. */
async function storeWithCatalog(prefix: string): Promise<{ store: TestStore; scope: StoreScope }> {
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

describe('exact decimals', () => {
  it('reads money and percentages into integers without floats, and writes them back', () => {
    expect(decimalToInteger('19.99', 2)).toBe(1999);
    expect(decimalToInteger('0,1', 2)).toBe(10);
    expect(decimalToInteger('1.005', 2)).toBeNull();
    expect(decimalToInteger('12', 2)).toBe(1200);
    expect(decimalToInteger('1e3', 2)).toBeNull();
    expect(integerToDecimal(1999, 2)).toBe('19.99');
    expect(integerToDecimal(1050, 2)).toBe('10.5');
    expect(integerToDecimal(5, 2)).toBe('0.05');
    expect(integerToDecimal(1500, 2)).toBe('15');
  });
});

describe('the catalog CSV', () => {
  it('exports every product with its variants below it, and importing the export changes nothing', async () => {
    const { scope } = await storeWithCatalog('a-');
    const text = await exportCatalog(t.deps, scope);
    const rows = lines(text);
    expect(rows[0]).toBe('record,product_slug,variant_id,name,sku,code,description,category,subcategory,brand,color,size,price,discount,tax,stock,weight_grams,unit,type,priority,keywords,featured,enabled,content');
    expect(rows[1]).toMatch(/^product,camiseta,,"Camiseta ""Quito"", algodón",CAM-1,,,a-ropa,,,,,19.99,10.5,15,4,180,standard,piece,0,,0,1,"<p>Suave,$/);
    expect(rows[3]).toMatch(/^variant,camiseta,\d+,Rojo M,CAM-1-RM,,,,,,a-rojo,a-m,19.99,,,3,/);
    expect(rows.filter((row) => row.startsWith('variant,'))).toHaveLength(2);

    const preview = await previewImport(t.deps, scope, text);
    expect(preview).toEqual({ products: { create: 0, update: 0, unchanged: 2 }, variants: { create: 0, update: 0, unchanged: 2 }, problems: [], applied: false });
    const applied = await applyImport(t.deps, scope, text);
    expect(applied.applied).toBe(true);
    expect(await exportCatalog(t.deps, scope)).toBe(text);
  });

  it('updates a changed price exactly, creates new products and variants, and derives free slugs', async () => {
    const { scope } = await storeWithCatalog('b-');
    const text = (await exportCatalog(t.deps, scope)).replace('CAM-1-RM,,,,,,b-rojo,b-m,19.99', 'CAM-1-RM,,,,,,b-rojo,b-m,21.05');
    const added = [
      'product,,,Taza,,,,b-hogar,,,,,"7,50",,,10,,,,,,1,1,',
      'variant,taza-2,,Azul,,,,,,,,,7.50,,,2,,,,,,,,',
    ].join('\n');
    const file = `${text.trimEnd()}\n${added}\n`;
    expect(await previewImport(t.deps, scope, file)).toMatchObject({ products: { create: 1, update: 0, unchanged: 2 }, variants: { create: 1, update: 1, unchanged: 1 }, problems: [] });
    expect((await applyImport(t.deps, scope, file)).applied).toBe(true);

    const variant = await t.db.selectFrom('variant').select('priceCents').where('storeId', '=', scope.storeId).where('sku', '=', 'CAM-1-RM').executeTakeFirstOrThrow();
    expect(variant.priceCents).toBe(2105);
    // "Taza" exists, so the new one is taza-2, and its variant found it by that slug
    const taza = await t.db.selectFrom('product').select(['id', 'priceCents', 'featured', 'taxBp']).where('storeId', '=', scope.storeId).where('slug', '=', 'taza-2').executeTakeFirstOrThrow();
    expect(taza).toMatchObject({ priceCents: 750, featured: 1, taxBp: 1500 });
    const variants = await t.db.selectFrom('variant').select(['name', 'priceCents']).where('storeId', '=', scope.storeId).where('productId', '=', taza.id).execute();
    expect(variants).toEqual([{ name: 'Azul', priceCents: 750 }]);
  });

  it('reads a semicolon-separated file with decimal commas, as a Spanish spreadsheet saves it', async () => {
    const { scope } = await storeWithCatalog('c-');
    const text = (await exportCatalog(t.deps, scope)).replace(/^\uFEFF/, '');
    const header = lines(text)[0]!.replaceAll(',', ';');
    const file = `${header}\nproduct;;;Gorra;;;;c-ropa;c-camisetas;c-andina;;;12,40;;12;5;;;;;;0;1;\n`;
    expect(await applyImport(t.deps, scope, file)).toMatchObject({ applied: true, products: { create: 1 } });
    const gorra = await t.db.selectFrom('product').select(['priceCents', 'taxBp', 'subcategoryId', 'brandId']).where('storeId', '=', scope.storeId).where('slug', '=', 'gorra').executeTakeFirstOrThrow();
    expect(gorra.priceCents).toBe(1240);
    expect(gorra.taxBp).toBe(1200);
    expect(gorra.subcategoryId).not.toBeNull();
  });

  it('lists every problem with its line and column, and imports nothing while there is one', async () => {
    const { scope } = await storeWithCatalog('d-');
    const text = (await exportCatalog(t.deps, scope)).replace(/^\uFEFF/, '');
    const [header] = lines(text);
    const file = [
      header,
      'product,taza,,Taza,,,,d-ropa,,,,,9,,,,,,,,,1,1,', // line 2: a valid change, which must not be applied
      'product,,,Sin precio,,,,d-ropa,,,,,,,,,,,,,,,,', // line 3: price missing
      'product,,,Mal,,,,nada,,,,,1.999,,150,,,caja,,,,talvez,,', // line 4: category, price, tax, unit, featured
      'variant,no-existe,,Suelta,,,,,,,,,1,,,,,,,,,,,', // line 5: unknown product
      'algo,,,,,,,,,,,,,,,,,,,,,,,', // line 6: unknown record
    ].join('\n');
    const summary = await applyImport(t.deps, scope, file);
    expect(summary.applied).toBe(false);
    expect(summary.problems.map((problem) => [problem.line, problem.column, problem.message])).toEqual([
      [3, 'price', 'validation.required'],
      [4, 'category', 'productCsv.unknownSlug'],
      [4, 'unit', 'productCsv.oneOf'],
      [4, 'price', 'productCsv.money'],
      [4, 'tax', 'productCsv.percent'],
      [4, 'featured', 'productCsv.flag'],
      [5, 'product_slug', 'productCsv.unknownProduct'],
      [6, 'record', 'productCsv.record'],
    ]);
    expect(summary.products.update, 'the valid line was read as a change').toBe(1);
    const price = await t.db.selectFrom('product').select('priceCents').where('storeId', '=', scope.storeId).where('slug', '=', 'taza').executeTakeFirstOrThrow();
    expect(price.priceCents, 'all or nothing: the valid line was not applied either').toBe(500);
  });

  it('refuses a file without the columns, an empty one, and one that is not CSV', async () => {
    const { scope } = await storeWithCatalog('e-');
    expect((await previewImport(t.deps, scope, 'name,price\nTaza,5\n')).problems).toEqual([{ line: 1, column: '', message: 'productCsv.missingColumns', values: { columns: expect.stringContaining('record, product_slug') } }]);
    expect((await previewImport(t.deps, scope, '')).problems).toEqual([{ line: 1, column: '', message: 'productCsv.empty' }]);
    expect((await previewImport(t.deps, scope, 'record,name\n"product,Taza\n')).problems[0]?.message).toBe('productCsv.unreadable');
  });

  it('keeps within the plan: creating past its product limit is refused, naming the limit', async () => {
    const { scope } = await storeWithCatalog('f-');
    const plan = await t.db.selectFrom('store').select('planId').where('id', '=', scope.storeId).executeTakeFirstOrThrow();
    await t.db.updateTable('plan').set({ maxProducts: 3 }).where('id', '=', plan.planId!).execute();
    try {
      const header = lines(await exportCatalog(t.deps, scope))[0]!.replace(/^\uFEFF/, '');
      const file = `${header}\nproduct,,,Uno,,,,f-ropa,,,,,1,,,,,,,,,,,\nproduct,,,Dos,,,,f-ropa,,,,,1,,,,,,,,,,,\n`;
      const summary = await applyImport(t.deps, scope, file);
      expect(summary.applied).toBe(false);
      expect(summary.problems).toEqual([{ line: 3, column: '', message: 'productCsv.overLimit', values: { limit: 3 } }]);
    } finally {
      await t.db.updateTable('plan').set({ maxProducts: 100 }).where('id', '=', plan.planId!).execute();
    }
  });

  it('never reaches another store: its category slugs and variant ids are unknown here', async () => {
    const a = await storeWithCatalog('g-');
    const b = await storeWithCatalog('h-');
    const theirs = await t.db.selectFrom('variant').select('id').where('storeId', '=', b.scope.storeId).executeTakeFirstOrThrow();
    const header = lines(await exportCatalog(t.deps, a.scope))[0]!.replace(/^\uFEFF/, '');
    const file = `${header}\nproduct,,,Intruso,,,,h-ropa,,,,,1,,,,,,,,,,,\nvariant,camiseta,${theirs.id},Robada,,,,,,,,,1,,,,,,,,,,,\n`;
    const summary = await applyImport(t.deps, a.scope, file);
    expect(summary.problems.map((problem) => [problem.line, problem.message])).toEqual([[2, 'productCsv.unknownSlug'], [3, 'productCsv.unknownVariant']]);
    const stolen = await t.db.selectFrom('variant').select('name').where('storeId', '=', b.scope.storeId).where('id', '=', theirs.id).executeTakeFirstOrThrow();
    expect(stolen.name).not.toBe('Robada');
  });
});

describe('the catalog CSV API', () => {
  it('exports as a file, previews and imports, with problems in the caller’s language', async () => {
    const { store } = await storeWithCatalog('i-');
    const exported = await callApi(t.app, 'GET', '/api/v1/products/export', store.owner.cookie);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toContain(`productos-${store.slug}.csv`);
    expect(exported.headers['cache-control']).toBe('no-store');

    const post = (body: string, apply: string, lang = 'es') =>
      t.app.inject({ method: 'POST', url: `/api/v1/products/import?apply=${apply}`, payload: body, headers: { cookie: `${store.owner.cookie}; lang=${lang}`, 'content-type': 'text/csv' } });
    const same = await post(exported.body, '1');
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ applied: true, products: { create: 0, update: 0, unchanged: 2 } });

    const bad = `${lines(exported.body)[0]!.replace(/^\uFEFF/, '')}\nproduct,,,X,,,,i-ropa,,,,,gratis,,,,,,,,,,,\n`;
    const es = await post(bad, '1');
    expect(es.statusCode).toBe(422);
    expect(es.json().problems).toEqual([{ line: 2, column: 'price', message: 'Escribe un importe sin separador de miles y con hasta dos decimales, por ejemplo 12 o 12,50', key: 'productCsv.money' }]);
    const en = await post(bad, '0', 'en');
    expect(en.statusCode).toBe(200);
    expect(en.json()).toMatchObject({ applied: false, problems: [{ line: 2, column: 'price', message: 'Write an amount without thousands separators and with at most two decimals, for example 12 or 12.50', key: 'productCsv.money' }] });

    // neither a JSON body nor a store-less caller gets anywhere
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/products/import', payload: { a: 1 }, headers: { cookie: store.owner.cookie } });
    expect(json.statusCode).toBe(415);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/products/export' });
    expect(anonymous.statusCode).toBe(401);
  });
});
