import { CamelCasePlugin, type Dialect, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';

/**
 * camelCase in code, snake_case in SQL (decision 022), at a lower cost than Kysely's
 * CamelCasePlugin alone (decision 039). The plugin renames by rebuilding every query's whole
 * operation tree (a frozen copy of each node) before it is compiled: 7 % of an API list
 * request's CPU. Here the compiler writes each identifier's snake_case name as it prints it, which
 * is the same renaming — every IdentifierNode, in every clause — without the copy. The plugin is
 * kept for its other half, the rows' keys back to camelCase, done once per column set.
 */
export class CaseNames extends CamelCasePlugin {
  /** The SQL name of a code name (`storeId` → `store_id`); a snake_case name stays as it is. */
  toSql(name: string): string {
    return this.snakeCase(name);
  }

  override transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return node;
  }

  override async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const rows = result.rows;
    if (!Array.isArray(rows) || rows.length === 0) return result;
    // Every row of a result has the same columns: their names are converted once.
    const columns = Object.keys(rows[0]!);
    const names = columns.map((column) => this.camelCase(column));
    const mapped = new Array<UnknownRow>(rows.length);
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index] as UnknownRow;
      const out: UnknownRow = {};
      for (let column = 0; column < columns.length; column++) out[names[column]!] = this.value(row[columns[column]!]);
      mapped[index] = out;
    }
    return { ...result, rows: mapped };
  }

  /** JSON values (PostgreSQL hands them over parsed) get camelCase keys too, as with the plugin. */
  private value(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => (isPlainObject(item) ? this.mapRow(item) : item));
    return isPlainObject(value) ? this.mapRow(value) : value;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

const names = new CaseNames();
/** The one spelling of SQL names, for the compiler and for the store guard, which reads queries. */
export const sqlName = (name: string): string => names.toSql(name);

/**
 * The dialect as it is, but for its compiler, which prints each identifier under its SQL name.
 * `sanitizeIdentifier` is where every dialect's compiler prints an identifier's name, and only there.
 */
export function withSqlNames(dialect: Dialect): Dialect {
  return {
    createDriver: () => dialect.createDriver(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => {
      const compiler = dialect.createQueryCompiler();
      const printer = compiler as unknown as { sanitizeIdentifier(name: string): string };
      const sanitize = printer.sanitizeIdentifier.bind(compiler);
      printer.sanitizeIdentifier = (name) => sanitize(sqlName(name));
      return compiler;
    },
  };
}
