import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

// Every repository function takes the branded StoreScope, never a bare store id (decisions 025,
// 042): a `storeId: number` or a `{ storeId }` can be built from a query string, a scope cannot.
// The type of a scope parameter cannot say it alone — a plain `{ storeId: number }` accepts a
// StoreScope too — so the repositories' parameters are read here, as the compiler parses them.

const ROOT = path.resolve(import.meta.dirname, '../..');
const FILES = [
  ...readdirSync(path.join(ROOT, 'server'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.repository.ts'))
    .map((file) => path.join('server', file)),
  'server/db/store-resource.ts',
];

/** Parameters that carry a store id without a scope: `storeId`, `{ storeId }`, `x: { storeId: … }`. */
function bareStoreIds(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const named = (name: ts.PropertyName | ts.BindingName | undefined) => name !== undefined && ts.isIdentifier(name) && name.text === 'storeId';
  const visit = (node: ts.Node) => {
    if (ts.isParameter(node)) {
      const bare =
        named(node.name) ||
        (ts.isObjectBindingPattern(node.name) && node.name.elements.some((element) => named(element.propertyName ?? element.name))) ||
        (node.type !== undefined && ts.isTypeLiteralNode(node.type) && node.type.members.some((member) => named(member.name)));
      if (bare) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it('no repository function takes a bare store id', () => {
  expect(FILES.length).toBeGreaterThan(10);
  expect(FILES.flatMap(bareStoreIds)).toEqual([]);
});
