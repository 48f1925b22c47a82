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
 *
 * Plain elements with the module's classes, not Mantine's Table, Checkbox and Paper (decision
 * 068): a list page is mostly its rows, and each Mantine component of a row cost the server its
 * context reads and style props (~1.3 ms a row of 20 on the product list); the look is the same.
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
  const places = columns.map((column, index) => cardPlace(column, index));
  return (
    <div className={classes.list}>
      {/* An empty list without sort links is only its message: on a phone such a table would show
          no row at all, and a table with no row is an ARIA error (axe: aria-required-children). */}
      {rows.length === 0 && !columns.some((column) => column.sort) ? null : (
        <div className={classes.scroll}>
          {/* The roles are spelled out: a table drawn as cards (display: grid) keeps them. */}
          <table className={classes.table} role="table" data-testid="data-table">
            <caption className={classes.hidden}>{caption}</caption>
            <thead role="rowgroup">
              <tr role="row" data-sort-label={t('list.sortBy')}>
                {selection ? (
                  <th role="columnheader" data-select="" className={classes.selectCell}>
                    <input
                      type="checkbox"
                      className={classes.check}
                      aria-label={selection.allLabel}
                      checked={rows.length > 0 && selectedCount === rows.length}
                      // `indeterminate` is a property only (no attribute): set on the element itself.
                      ref={(box) => {
                        if (box) box.indeterminate = selectedCount > 0 && selectedCount < rows.length;
                      }}
                      disabled={rows.length === 0}
                      onChange={selection.toggleAll}
                      data-testid="select-all"
                    />
                  </th>
                ) : null}
                {columns.map((column) => {
                  const active = column.sort && column.sort === sort;
                  return (
                    <th
                      key={column.key}
                      role="columnheader"
                      data-align={column.align}
                      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                      data-sortable={column.sort ? '' : undefined}
                    >
                      {column.sort ? (
                        <Link className={classes.sortLink} to={listHref(search, { sort: column.sort, dir: active && dir === 'desc' ? 'asc' : 'desc' })}>
                          {column.label} {active ? (dir === 'asc' ? '↑' : '↓') : ''}
                        </Link>
                      ) : column.hideLabel ? (
                        <span className={classes.hidden} data-visually-hidden="">
                          {column.label}
                        </span>
                      ) : (
                        column.label
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {rows.map((row) => {
                const key = rowKey(row);
                return (
                  <tr key={key} role="row" data-testid={rowTestId?.(row)} aria-selected={selection ? selection.isSelected(row) : undefined}>
                    {selection ? (
                      <td role="cell" data-card="select">
                        <input type="checkbox" className={classes.check} aria-label={selection.label(row)} checked={selection.isSelected(row)} onChange={() => selection.toggle(row)} data-testid={`select-${key}`} />
                      </td>
                    ) : null}
                    {columns.map((column, index) => (
                      // A fact, the usual place, goes without its attribute (the CSS takes a cell without one for a fact): 20 rows of 10 cells.
                      <td key={column.key} role="cell" data-align={column.align} data-card={places[index] === 'fact' ? undefined : places[index]} data-label={column.label}>
                        {column.render(row)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {/* Outside the sideways-scrolling area, so a phone shows it whole under the headers. */}
      {rows.length === 0 ? (
        <p className={classes.empty} data-testid="empty-list">
          {t('record.empty')}
        </p>
      ) : null}
    </div>
  );
}
