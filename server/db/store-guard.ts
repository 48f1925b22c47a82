import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { sqlName } from '#server/db/case-names.ts';
import type { Database } from '#server/db/schema.ts';

/**
 * The tables whose rows belong to one store (SQL names, snake_case). Each new store-owned
 * resource adds its table here; the type check below fails while a table with a `storeId`
 * column is missing from the list.
 */
export const STORE_OWNED_TABLES = ['color', 'store_upload', 'brand', 'category', 'subcategory', 'size', 'product', 'product_image', 'subproduct', 'coupon', 'review', 'banner', 'page'] as const satisfies readonly string[];

type StoreOwnedTable = { [T in keyof Database]: Database[T] extends { storeId: unknown } ? T : never }[keyof Database];
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
type Unlisted = Exclude<StoreOwnedTable, CamelCase<(typeof STORE_OWNED_TABLES)[number]>>;
// A compile-time tripwire, not a value anyone reads.
const _everyStoreOwnedTableListed: [Unlisted] extends [never] ? true : { missingFromStoreOwnedTables: Unlisted } = true;
void _everyStoreOwnedTableListed;

export class StoreGuardError extends Error {
  override name = 'StoreGuardError';
}

type Node = OperationNode & Record<string, unknown>;
/** A table a query reads or changes, under the name its columns are qualified with. */
type TableUse = { table: string; as: string; on?: OperationNode };

const STORE_ID = 'store_id';

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}

function identifier(node: unknown): string | undefined {
  if (!isNode(node)) return undefined;
  // queries name tables and columns as the code does (camelCase); the guard compares SQL names
  if (node.kind === 'IdentifierNode') return sqlName(node.name as string);
  if (node.kind === 'SchemableIdentifierNode') return identifier(node.identifier);
  if (node.kind === 'TableNode') return identifier(node.table);
  return undefined;
}

/** The plain tables of a FROM list, a JOIN or an UPDATE target; subqueries are checked on their own. */
function tablesIn(node: unknown, on?: OperationNode): TableUse[] {
  if (!isNode(node)) return [];
  if (node.kind === 'TableNode') {
    const table = identifier(node)!;
    return [{ table, as: table, on }];
  }
  if (node.kind === 'AliasNode' && isNode(node.node) && node.node.kind === 'TableNode') {
    return [{ table: identifier(node.node)!, as: identifier(node.alias) ?? identifier(node.node)!, on }];
  }
  if (node.kind === 'FromNode' || node.kind === 'UsingNode') return (node.froms as unknown[] ?? node.tables as unknown[] ?? []).flatMap((item) => tablesIn(item));
  if (node.kind === 'ListNode') return (node.items as unknown[]).flatMap((item) => tablesIn(item));
  if (node.kind === 'JoinNode') return tablesIn(node.table, node.on as OperationNode | undefined);
  return [];
}

/**
 * The conditions every row must meet: the operands of AND, through parentheses. A condition
 * under OR or NOT restricts nothing for sure, so it does not count.
 */
function requiredConditions(node: unknown): Node[] {
  if (!isNode(node)) return [];
  if (node.kind === 'WhereNode' || node.kind === 'OnNode') return requiredConditions(node.where ?? node.on);
  if (node.kind === 'ParensNode') return requiredConditions(node.node);
  if (node.kind === 'AndNode') return [...requiredConditions(node.left), ...requiredConditions(node.right)];
  return [node];
}

/** The table name (or alias) a `store_id = …` / `store_id in (…)` condition pins, '' when unqualified. */
function pinnedBy(condition: Node): string | undefined {
  if (condition.kind !== 'BinaryOperationNode') return undefined;
  const operator = isNode(condition.operator) ? String(condition.operator.operator).toLowerCase() : '';
  if (operator !== '=' && operator !== 'in') return undefined;
  for (const [side, other] of [[condition.leftOperand, condition.rightOperand], [condition.rightOperand, condition.leftOperand]]) {
    if (!isNode(side) || side.kind !== 'ReferenceNode' || !isNode(side.column) || side.column.kind !== 'ColumnNode') continue;
    if (identifier(side.column.column) !== STORE_ID) continue;
    if (isNode(other) && other.kind === 'ValueNode' && other.value == null) continue;
    return side.table ? identifier(side.table) : '';
  }
  return undefined;
}

function checkScoped(queryKind: string, uses: TableUse[], where: unknown, owned: ReadonlySet<string>) {
  const mine = uses.filter((use) => owned.has(use.table));
  if (mine.length === 0) return;
  const wherePins = requiredConditions(where).map(pinnedBy);
  for (const use of mine) {
    const pins = [...wherePins, ...requiredConditions(use.on).map(pinnedBy)];
    // An unqualified `store_id` can only mean this table when it is the query's one store-owned table.
    const pinned = pins.includes(use.as) || (mine.length === 1 && pins.includes(''));
    if (!pinned) {
      throw new StoreGuardError(
        `store guard: ${queryKind} on store-owned table "${use.table}"${use.as === use.table ? '' : ` (as "${use.as}")`} without a ${use.as}.${STORE_ID} condition; ` +
          'take a StoreScope and filter by its storeId (decision 025)',
      );
    }
  }
}

function checkInsert(node: Node, owned: ReadonlySet<string>) {
  const table = identifier(node.into);
  if (!table || !owned.has(table)) return;
  const columns = ((node.columns as Node[] | undefined) ?? []).map((column) => identifier(column.column));
  const at = columns.indexOf(STORE_ID);
  const fail = () => {
    throw new StoreGuardError(`store guard: insert into store-owned table "${table}" without a ${STORE_ID} value (decision 025)`);
  };
  if (at < 0) fail();
  const values = node.values;
  if (!isNode(values) || values.kind !== 'ValuesNode') return; // insert … select: the select is checked on its own
  for (const row of values.values as Node[]) {
    // PrimitiveValueListNode holds plain values, ValueListNode holds nodes: both under `values`.
    const value = (row.values as unknown[])[at];
    if (value == null || (isNode(value) && (value.kind === 'DefaultInsertValueNode' || (value.kind === 'ValueNode' && value.value == null)))) fail();
  }
}

/** Checks a query and every query nested in it (subqueries, CTEs, unions, insert … select). */
function checkTree(node: unknown, owned: ReadonlySet<string>) {
  if (Array.isArray(node)) {
    for (const item of node) checkTree(item, owned);
    return;
  }
  if (!isNode(node)) return;
  switch (node.kind) {
    case 'SelectQueryNode':
      checkScoped('select', [...tablesIn(node.from), ...((node.joins as Node[] | undefined) ?? []).flatMap((join) => tablesIn(join))], node.where, owned);
      break;
    case 'UpdateQueryNode':
      checkScoped('update', [...tablesIn(node.table), ...tablesIn(node.from), ...((node.joins as Node[] | undefined) ?? []).flatMap((join) => tablesIn(join))], node.where, owned);
      break;
    case 'DeleteQueryNode':
      checkScoped('delete', [...tablesIn(node.from), ...tablesIn(node.using), ...((node.joins as Node[] | undefined) ?? []).flatMap((join) => tablesIn(join))], node.where, owned);
      break;
    case 'InsertQueryNode':
      checkInsert(node, owned);
      break;
  }
  for (const [key, child] of Object.entries(node)) if (key !== 'kind') checkTree(child, owned);
}

/**
 * Refuses any query on a store-owned table that is not pinned to one store (decision 025): a
 * select, update or delete needs a `store_id = …` (or `in`) condition on each such table, in its
 * WHERE or its JOIN's ON, joined with AND; an insert needs a `store_id` value. Raw SQL (`sql`…``)
 * is not inspected. Names are compared as the SQL spells them (snake_case, decision 039).
 * On for the whole test suite; `STORE_GUARD=1` turns it on anywhere else.
 */
export class StoreGuardPlugin implements KyselyPlugin {
  readonly #owned: ReadonlySet<string>;

  constructor(tables: readonly string[] = STORE_OWNED_TABLES) {
    this.#owned = new Set(tables);
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (this.#owned.size > 0) checkTree(node, this.#owned);
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}
