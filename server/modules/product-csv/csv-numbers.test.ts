import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { decimalToInteger, parseWhole } from './csv-values.ts';
import { CSV_COLUMNS } from './csv-columns.ts';
import { previewImport } from './product-csv.service.ts';

// Issue 20 §1: a CSV file has no page language, so its numbers follow the one rule its guide states
// — no thousands separator, one decimal mark (point or comma), at most two decimals — and anything
// else is a problem of its line, never a guess. Runs on the suite's database (SQLite or PostgreSQL).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const MONEY: Array<[string, number | null]> = [
  ['12', 1200],
  ['12.5', 1250],
  ['12,5', 1250],
  ['199,99', 19999],
  ['199.99', 19999],
  ['1500', 150000],
  ['0,05', 5],
  ['1.500', null], // three decimals: neither 1500 nor 1.5
  ['1,500', null],
  ['1.500,00', null],
  ['1,234.56', null],
  ['1 500', null],
  ['12,345', null],
  ['1e3', null],
  ['$12', null],
  ['doce', null],
];

describe('the CSV number rule', () => {
  it.each(MONEY)('reads %j as %s cents', (text, cents) => {
    expect(decimalToInteger(text, 2)).toBe(cents);
  });

  it('reads whole numbers only as plain digits', () => {
    expect(parseWhole('1500')).toBe(1500);
    for (const text of ['1.500', '1,500', '15.0', '1e3', '']) expect(parseWhole(text), text).toBeNull();
  });

  it('marks each line whose price breaks the rule, in the preview, and reads the others', async () => {
    const store = await makeStore(t);
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    const stamp = new Date().toISOString();
    await t.db.insertInto('category').values({ storeId: scope.storeId, name: 'Ropa', slug: 'ropa', imageId: null, enabled: 1, createdAt: stamp, updatedAt: stamp }).execute();
    const row = (name: string, price: string, stock = '') => {
      const cells: Record<string, string> = { record: 'product', name, category: 'ropa', price, stock };
      return CSV_COLUMNS.map((column) => JSON.stringify(cells[column] ?? '')).join(',');
    };
    const file = [CSV_COLUMNS.join(','), row('A', '12,5'), row('B', '12.5'), row('C', '1500', '1500'), row('D', '1.500'), row('E', '1,234.56'), row('F', '5', '1.500')].join('\n');
    const preview = await previewImport(t.deps, scope, file);
    expect(preview.problems.map((problem) => [problem.line, problem.column, problem.message])).toEqual([
      [5, 'price', 'productCsv.money'],
      [6, 'price', 'productCsv.money'],
      [7, 'stock', 'productCsv.whole'],
    ]);
  });
});
