import { useT } from '#app/lib/use-t.ts';
import type { EnumDef } from '#common/enums/define-enum.ts';
import type { ListQuery, Page } from '#common/list-query.ts';
import { type Column, DataTable, type Selection } from './data-table.tsx';
import { ListPagination } from './list-pagination.tsx';
import { type Filter, ListToolbar } from './list-toolbar.tsx';

/** The `status` filter of a list: one option per value of the enum, labelled with its label. */
export function useStatusFilter<V extends string>(of: EnumDef<V>, value: string | undefined, label: string): Filter {
  return statusFilter(useT(), of, value, label);
}

export function statusFilter<V extends string>(t: ReturnType<typeof useT>, of: EnumDef<V>, value: string | undefined, label: string): Filter {
  return { name: 'status', label, value, options: of.values.map((status) => ({ value: status, label: t(of.label(status)) })) };
}

/** The list pattern in one piece (docs/decisions/016): toolbar, sortable table, pagination. */
export function ListScreen<Row extends { id: number | string }>({ query, page, columns, caption, filters, rowTestId, selection, above, searchPlaceholder }: {
  query: ListQuery;
  page: Page<Row>;
  columns: Column<Row>[];
  caption: string;
  filters?: Filter[];
  rowTestId?: (row: Row) => string;
  selection?: Selection<Row>;
  /** Between the toolbar and the table (the bulk actions' bar). */
  above?: React.ReactNode;
  searchPlaceholder?: string;
}) {
  return (
    <>
      <ListToolbar q={query.q} sort={query.sort} dir={query.dir} filters={filters} searchPlaceholder={searchPlaceholder} />
      {above}
      <DataTable caption={caption} rows={page.rows} rowKey={(row) => row.id} rowTestId={rowTestId} sort={query.sort} dir={query.dir} columns={columns} selection={selection} />
      <ListPagination page={page.page} pages={page.pages} total={page.total} capped={page.capped} next={page.next} />
    </>
  );
}
