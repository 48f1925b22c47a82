import { Checkbox, Paper, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { listHref } from '#app/lib/list-url.ts';
import classes from './data-table.module.css';

/**
 * Where a column goes on a narrow screen's card: its `title` (the record's name, usually its
 * link), its `status` (beside the title), a `fact` (a line "label … value"), an `action` (a line
 * of its own, no label) or `hidden` (left out of the card).
 */
export type CardPlace = 'title' | 'status' | 'fact' | 'action' | 'hidden';

export type Column<Row> = {
  key: string;
  label: string;
  /** The list query's sort name when the column can sort. */
  sort?: string;
  // A method, so a list of a resource's own rows fits a list of any rows (compared both ways).
  render(row: Row): React.ReactNode;
  align?: 'left' | 'right';
  /**
   * Its place on the card a narrow screen shows instead of the table. Without it: the first
   * column is the title, a column keyed `status` or `state` the status, a column with no label
   * or `hideLabel` an action, any other a fact.
   */
  card?: CardPlace;
  /** The header names the column for screen readers only (an action column has no visible title). */
  hideLabel?: boolean;
};

/**
 * Row selection for the list's bulk actions: a labelled checkbox per row and one for every row of
 * the page, in the table's first column (on a card, beside its title).
 */
export type Selection<Row> = {
  isSelected: (row: Row) => boolean;
  toggle: (row: Row) => void;
  /** Selects every row of the page, or none when all are. */
  toggleAll: () => void;
  /** The row's checkbox's name for screen readers ("Select T-shirt"). */
  label: (row: Row) => string;
  allLabel: string;
};

export function cardPlace<Row>(column: Column<Row>, index: number): CardPlace {
  if (column.card) return column.card;
  if (index === 0) return 'title';
  if (column.key === 'status' || column.key === 'state') return 'status';
  if (column.hideLabel || column.label === '') return 'action';
  return 'fact';
}

/**
 * The list pattern's table: sortable headers are links (the URL holds the state), an empty list
 * says so, and where the list is narrow (a phone) each row is drawn as a card — title and status
 * on top, then the facts — by CSS alone (data-table.module.css), from the same columns.
 */
export function DataTable<Row>({ columns, rows, rowKey, rowTestId, sort, dir, caption, selection }: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** A test id per row, for end-to-end tests that act on one row. */
  rowTestId?: (row: Row) => string;
  sort: string;
  dir: 'asc' | 'desc';
  caption: string;
  selection?: Selection<Row>;
}) {
  const t = useT();
  const selectedCount = selection ? rows.filter((row) => selection.isSelected(row)).length : 0;
  const { search } = useLocation();
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} className={classes.list}>
      {/* An empty list without sort links is only its message: on a phone such a table would show
          no row at all, and a table with no row is an ARIA error (axe: aria-required-children). */}
      {rows.length === 0 && !columns.some((column) => column.sort) ? null : (
        <div style={{ overflowX: 'auto' }}>
          {/* The roles are spelled out: a table drawn as cards (display: grid) keeps them. */}
          <Table striped highlightOnHover verticalSpacing="sm" captionSide="top" className={classes.table} role="table" data-testid="data-table">
            <caption className="sr-only" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              {caption}
            </caption>
            <Table.Thead role="rowgroup">
              <Table.Tr role="row" data-sort-label={t('list.sortBy')}>
                {selection ? (
                  <Table.Th role="columnheader" data-select="" w={40}>
                    <Checkbox
                      aria-label={selection.allLabel}
                      checked={rows.length > 0 && selectedCount === rows.length}
                      indeterminate={selectedCount > 0 && selectedCount < rows.length}
                      disabled={rows.length === 0}
                      onChange={selection.toggleAll}
                      data-testid="select-all"
                    />
                  </Table.Th>
                ) : null}
                {columns.map((column) => {
                  const active = column.sort && column.sort === sort;
                  return (
                    <Table.Th
                      key={column.key}
                      role="columnheader"
                      ta={column.align}
                      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                      data-sortable={column.sort ? '' : undefined}
                    >
                      {column.sort ? (
                        <UnstyledButton component={Link} to={listHref(search, { sort: column.sort, dir: active && dir === 'desc' ? 'asc' : 'desc' })} fw={700} fz="sm">
                          {column.label} {active ? (dir === 'asc' ? '↑' : '↓') : ''}
                        </UnstyledButton>
                      ) : column.hideLabel ? (
                        <VisuallyHidden>{column.label}</VisuallyHidden>
                      ) : (
                        column.label
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody role="rowgroup">
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)} role="row" data-testid={rowTestId?.(row)} aria-selected={selection ? selection.isSelected(row) : undefined}>
                  {selection ? (
                    <Table.Td role="cell" data-card="select">
                      <Checkbox aria-label={selection.label(row)} checked={selection.isSelected(row)} onChange={() => selection.toggle(row)} data-testid={`select-${rowKey(row)}`} />
                    </Table.Td>
                  ) : null}
                  {columns.map((column, index) => (
                    <Table.Td key={column.key} role="cell" ta={column.align} data-card={cardPlace(column, index)} data-label={column.label}>
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {/* Outside the sideways-scrolling area, so a phone shows it whole under the headers. */}
      {rows.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl" data-testid="empty-list">
          {t('record.empty')}
        </Text>
      ) : null}
    </Paper>
  );
}
