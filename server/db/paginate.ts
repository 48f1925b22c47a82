import { type SelectQueryBuilder, sql } from 'kysely';
import { PAGE_SIZE, type Page } from '#common/list-query.ts';

/** One page of a query plus the total, counted by the same query without its columns and order. */
export async function paginate<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, page: number, pageSize = PAGE_SIZE): Promise<Page<O>> {
  const [rows, count] = await Promise.all([
    query.limit(pageSize).offset((page - 1) * pageSize).execute(),
    query
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow() as Promise<{ total: number }>,
  ]);
  const total = Number(count.total);
  return { rows, total, page, pages: Math.max(1, Math.ceil(total / pageSize)) };
}

/** `%term%` for LIKE, with the wildcards a user may type taken literally. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains" over several columns; the same SQL on SQLite and PostgreSQL. */
export function matchesText(columns: string[], term: string) {
  const pattern = likePattern(term);
  return sql<boolean>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}
