import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { sqlName } from '#server/db/case-names.ts';
import type { Database } from '#server/db/schema.ts';
import { activeStoreId } from '#server/tenancy/active-store.ts';

/**
 * The tables whose rows belong to one store (SQL names, snake_case). Each new store-owned
 * resource adds its table here; the type check below fails while a table with a `storeId`
 * column is missing from the list.
 */
export const STORE_OWNED_TABLES = ['color', 'store_upload', 'brand', 'category', 'subcategory', 'size', 'product', 'product_image', 'variant', 'coupon', 'review', 'banner', 'page', 'store_sales', 'customer', 'store_order', 'store_order_line', 'store_order_event', 'invoice', 'invoice_sri_event', 'store_certificate', 'credit_note', 'credit_note_line', 'credit_note_sri_event', 'store_event', 'webhook_endpoint', 'webhook_delivery', 'webhook_attempt', 'store_payment_gateway', 'payment', 'payment_receipt', 'payment_refund', 'abandoned_cart_setting', 'abandoned_cart', 'store_order_note', 'order_shipment', 'order_shipment_line', 'shipping_zone', 'shipping_rate', 'shipping_pickup', 'store_domain', 'product_word'] as const satisfies readonly string[];

/**
 * Tables keyed by a store that the tenancy layer reads across stores on purpose (decision 088): a
 * user's memberships (the switcher, the request's context, built before any scope exists) and an
 * invitation found by its token. They go with the store as the others do (store-delete.test.ts), but
 * the guard does not ask their queries for one store; server/tenancy/ pins them where it acts on one.
 */
export const STORE_MEMBERSHIP_TABLES = ['store_member', 'store_invitation'] as const satisfies readonly string[];

type StoreOwnedTable = { [T in keyof Database]: Database[T] extends { storeId: unknown } ? T : never }[keyof Database];
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
type Unlisted = Exclude<StoreOwnedTable, CamelCase<(typeof STORE_OWNED_TABLES)[number] | (typeof STORE_MEMBERSHIP_TABLES)[number]>>;
// A compile-time tripwire, not a value anyone reads.
const _everyStoreOwnedTableListed: [Unlisted] extends [never] ? true : { missingFromStoreOwnedTables: Unlisted } = true;
void _everyStoreOwnedTableListed;

export class StoreGuardError extends Error {
  override name = 'StoreGuardError';
}

type Node = OperationNode & Record<string, unknown>;
/** A table a query reads or changes, under the name its columns are qualified with. */
type TableUse = { table: string; as: string; on?: OperationNode };
/**
 * What one condition says of a table's store: it holds one store's id (`value`), or the same id as
 * another table of the query (`sameAs`). `as` is the table's name or alias, '' when unqualified.
 */
type Pin = { as: string; value: unknown } | { as: string; sameAs: string };

const STORE_ID = 'store_id';
/** The store table's own key names a store as `store_id` does in the tables that belong to one. */
const STORE_TABLE = 'store';

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

/** The qualifier ('' when none) of a reference to the column `column`, else undefined. */
function columnOf(node: unknown, column: string): string | undefined {
  if (!isNode(node) || node.kind !== 'ReferenceNode' || !isNode(node.column) || node.column.kind !== 'ColumnNode') return undefined;
  if (identifier(node.column.column) !== column) return undefined;
  return node.table ? identifier(node.table) : '';
}

const isPlain = (value: unknown) => typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint';

/**
 * The one value an operand holds, else undefined: a parameter or literal, or a list of exactly one
 * for `in`. A column, a subquery, raw SQL, NULL or a list of several is not one store.
 */
function singleValue(node: unknown, operator: string): unknown {
  if (!isNode(node)) return undefined;
  if (node.kind === 'ParensNode') return singleValue(node.node, operator);
  if (node.kind === 'ValueNode') return isPlain(node.value) ? node.value : undefined;
  if (operator !== 'in') return undefined;
  const values = node.values as unknown[];
  if (node.kind === 'PrimitiveValueListNode' && values.length === 1 && isPlain(values[0])) return values[0];
  if (node.kind === 'ValueListNode' && values.length === 1) return singleValue(values[0], '=');
  return undefined;
}

/** What a `store_id = …` / `store_id in (…)` condition pins; undefined for any other condition. */
function pinOf(condition: Node, column: string): Pin | undefined {
  if (condition.kind !== 'BinaryOperationNode') return undefined;
  const operator = isNode(condition.operator) ? String(condition.operator.operator).toLowerCase() : '';
  if (operator !== '=' && operator !== 'in') return undefined;
  for (const [side, other] of [[condition.leftOperand, condition.rightOperand], [condition.rightOperand, condition.leftOperand]]) {
    const as = columnOf(side, column);
    if (as === undefined) continue;
    const value = singleValue(other, operator);
    if (value !== undefined) return { as, value };
    const sameAs = operator === '=' ? columnOf(other, column) : undefined;
    // `a.store_id = a.store_id` (or unqualified on both sides) holds for every row: no pin.
    if (sameAs !== undefined && sameAs !== as && sameAs !== '' && as !== '') return { as, sameAs };
    return undefined;
  }
  return undefined;
}

/** While a request's scope is active, a store id other than its store is refused. */
function checkStore(queryKind: string, value: unknown) {
  const active = activeStoreId();
  if (active !== undefined && String(value) !== String(active)) {
    throw new StoreGuardError(`store guard: ${queryKind} names store ${String(value)} while the request acts for store ${active} (decision 042)`);
  }
}

function checkScoped(queryKind: string, uses: TableUse[], where: unknown, owned: ReadonlySet<string>) {
  const mine = uses.filter((use) => owned.has(use.table));
  // The store table's key names a store too: in a scope, `store.id = …` must be its store.
  const stores = activeStoreId() === undefined ? [] : uses.filter((use) => use.table === STORE_TABLE);
  if (stores.length > 0) {
    for (const condition of [...requiredConditions(where), ...uses.flatMap((use) => requiredConditions(use.on))]) {
      const pin = pinOf(condition, 'id');
      if (pin && 'value' in pin && (stores.some((use) => use.as === pin.as) || (pin.as === '' && uses.length === 1 && stores.length === 1))) checkStore(queryKind, pin.value);
    }
  }
  if (mine.length === 0) return;
  // An unqualified `store_id` can only mean a table when it is the query's one store-owned table.
  const named = (as: string) => (as === '' && mine.length === 1 ? mine[0]!.as : as);
  const pinned = new Set<string>();
  /** [from, to]: `to` holds the same store as `from`. */
  const links: [string, string][] = [];
  const take = (pin: Pin | undefined, onlyFor?: string) => {
    if (!pin) return;
    if ('value' in pin) {
      checkStore(queryKind, pin.value);
      // A condition in a join's ON restricts that join's table only (a LEFT JOIN keeps the other side's rows).
      if (onlyFor === undefined || named(pin.as) === onlyFor) pinned.add(named(pin.as));
      return;
    }
    const [as, sameAs] = [named(pin.as), pin.sameAs];
    if (onlyFor === undefined) links.push([sameAs, as], [as, sameAs]);
    else if (as === onlyFor) links.push([sameAs, as]);
    else if (sameAs === onlyFor) links.push([as, sameAs]);
  };
  for (const condition of requiredConditions(where)) take(pinOf(condition, STORE_ID));
  for (const use of uses) for (const condition of requiredConditions(use.on)) take(pinOf(condition, STORE_ID), use.as);
  // A table linked to a pinned one is pinned too; a ring of links with no value pins nothing.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [from, to] of links) {
      if (pinned.has(from) && !pinned.has(to)) {
        pinned.add(to);
        grew = true;
      }
    }
  }
  for (const use of mine) {
    if (!pinned.has(use.as)) {
      throw new StoreGuardError(
        `store guard: ${queryKind} on store-owned table "${use.table}"${use.as === use.table ? '' : ` (as "${use.as}")`} without a ${use.as}.${STORE_ID} condition ` +
          `naming one store (= a value, or = another table's pinned ${STORE_ID}, joined by AND); take a StoreScope and filter by its storeId (decision 025)`,
      );
    }
  }
}

/** An update may move rows to one store only, and while a scope is active only to its store. */
function checkSet(node: Node, owned: ReadonlySet<string>) {
  const tables = tablesIn(node.table).filter((use) => owned.has(use.table));
  if (tables.length === 0) return;
  for (const update of (node.updates as Node[] | undefined) ?? []) {
    if (!isNode(update.column) || identifier((update.column as Node).column) !== STORE_ID) continue;
    const value = singleValue(update.value, '=');
    if (value === undefined) throw new StoreGuardError(`store guard: update of store-owned table "${tables[0]!.table}" sets ${STORE_ID} to something other than one value (decision 042)`);
    checkStore('update', value);
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
    const cell = (row.values as unknown[])[at];
    const value = isNode(cell) ? singleValue(cell, '=') : isPlain(cell) ? cell : undefined;
    if (value === undefined) fail();
    checkStore('insert', value);
  }
}

/** Nodes that hold no query: the walk stops at them. */
const LEAVES = new Set(['IdentifierNode', 'SchemableIdentifierNode', 'TableNode', 'ColumnNode', 'ReferenceNode', 'ValueNode', 'PrimitiveValueListNode', 'OperatorNode', 'SelectAllNode', 'LimitNode', 'OffsetNode', 'DefaultInsertValueNode']);

/** Checks a query and every query nested in it (subqueries, CTEs, unions, insert … select). */
function checkTree(node: Node, owned: ReadonlySet<string>) {
  if (LEAVES.has(node.kind)) return;
  switch (node.kind) {
    case 'SelectQueryNode':
      checkScoped('select', [...tablesIn(node.from), ...((node.joins as Node[] | undefined) ?? []).flatMap((join) => tablesIn(join))], node.where, owned);
      break;
    case 'UpdateQueryNode':
      checkScoped('update', [...tablesIn(node.table), ...tablesIn(node.from), ...((node.joins as Node[] | undefined) ?? []).flatMap((join) => tablesIn(join))], node.where, owned);
      checkSet(node, owned);
      break;
    case 'DeleteQueryNode':
      checkScoped('delete', [...tablesIn(node.from), ...tablesIn(node.using), ...((node.joins as Node[] | undefined) ?? []).flatMap((join) => tablesIn(join))], node.where, owned);
      break;
    case 'InsertQueryNode':
      checkInsert(node, owned);
      break;
  }
  // for…in and no Object.entries: the walk is most of the guard's cost (bench/store-guard.ts)
  for (const key in node) {
    const child = node[key];
    if (typeof child !== 'object' || child === null) continue;
    if (!Array.isArray(child)) checkTree(child as Node, owned);
    else for (const item of child) if (isNode(item)) checkTree(item, owned);
  }
}

/**
 * Why the guard would refuse a query on these tables, or undefined when it would not: the
 * unscoped-query log (server/db/store-query-log.ts) asks it after a query ran, without refusing.
 */
export function storeGuardRefusal(node: OperationNode, tables: ReadonlySet<string>): string | undefined {
  try {
    checkTree(node as unknown as Node, tables);
    return undefined;
  } catch (error) {
    if (error instanceof StoreGuardError) return error.message;
    throw error;
  }
}

/**
 * Refuses any query on a store-owned table that is not pinned to one store (decisions 025, 042): a
 * select, update or delete needs, on each such table, a `store_id` equal to one value (`=`, or `in`
 * a list of one) or to the `store_id` of a table so pinned, in its WHERE or its JOIN's ON, joined
 * with AND; an insert needs a `store_id` value. While a request's scope is active (`runInStore`),
 * every store id a query names — `store_id` values, inserted or set, and the store table's `id` —
 * must be its store. Raw SQL (`sql`…``) is not inspected. Names are compared as the SQL spells
 * them (snake_case, decision 039). On in the test suites and in production unless `STORE_GUARD=0`.
 */
export class StoreGuardPlugin implements KyselyPlugin {
  readonly #owned: ReadonlySet<string>;

  constructor(tables: readonly string[] = STORE_OWNED_TABLES) {
    this.#owned = new Set(tables);
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    checkTree(node as unknown as Node, this.#owned);
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}
