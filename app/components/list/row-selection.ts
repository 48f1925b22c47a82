import { useMemo, useState } from 'react';
import { useT } from '#app/lib/use-t.ts';

/** The rows checked for a bulk action; a row that leaves the page (deleted, paged away) leaves the selection. The kit's lists and the order list (decision 035). */
export function useRowSelection<Row extends { id: number }>(rows: Row[], name: (row: Row) => string) {
  const t = useT();
  const [checked, setSelected] = useState<number[]>([]);
  // Derived, not stored: a row that left the page (deleted, paged away) is simply not counted.
  const selected = checked.filter((id) => rows.some((row) => row.id === id));
  const selection = useMemo(
    () => ({
      isSelected: (row: Row) => selected.includes(row.id),
      toggle: (row: Row) => setSelected((before) => (before.includes(row.id) ? before.filter((id) => id !== row.id) : [...before, row.id])),
      toggleAll: () => setSelected(selected.length === rows.length ? [] : rows.map((row) => row.id)),
      label: (row: Row) => String(t('bulk.select', { name: name(row) })),
      allLabel: String(t('bulk.selectAll')),
    }),
    [selected, rows, t, name],
  );
  return { selected, selection, clear: () => setSelected([]) };
}
