import { Paper, Table, Text, UnstyledButton } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { listHref } from '#app/lib/list-url.ts';

export type Column<Row> = {
  key: string;
  label: string;
  /** The list query's sort name when the column can sort. */
  sort?: string;
  render: (row: Row) => React.ReactNode;
  align?: 'left' | 'right';
};

/**
 * The list pattern's table: sortable headers are links (the URL holds the state), an empty list
 * says so, and a narrow screen scrolls the table sideways instead of squeezing it.
 */
export function DataTable<Row>({ columns, rows, rowKey, rowTestId, sort, dir, caption }: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** A test id per row, for end-to-end tests that act on one row. */
  rowTestId?: (row: Row) => string;
  sort: string;
  dir: 'asc' | 'desc';
  caption: string;
}) {
  const t = useT();
  const { search } = useLocation();
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <div style={{ overflowX: 'auto' }}>
        <Table striped highlightOnHover verticalSpacing="sm" miw={640} captionSide="top">
          <caption className="sr-only" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            {caption}
          </caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const active = column.sort && column.sort === sort;
                return (
                  <Table.Th key={column.key} ta={column.align} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                    {column.sort ? (
                      <UnstyledButton component={Link} to={listHref(search, { sort: column.sort, dir: active && dir === 'desc' ? 'asc' : 'desc' })} fw={700} fz="sm">
                        {column.label} {active ? (dir === 'asc' ? '↑' : '↓') : ''}
                      </UnstyledButton>
                    ) : (
                      column.label
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={column.align}>
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      {/* Outside the sideways-scrolling area, so a phone shows it whole under the headers. */}
      {rows.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl" data-testid="empty-list">
          {t('record.empty')}
        </Text>
      ) : null}
    </Paper>
  );
}
