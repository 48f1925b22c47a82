import { Group, Pagination, Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { listHref } from '#app/lib/list-url.ts';

/** Page links (real anchors: they work without JavaScript and open in new tabs). */
export function ListPagination({ page, pages, total }: { page: number; pages: number; total: number }) {
  const t = useT();
  const { search } = useLocation();
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text c="dimmed" fz="sm">
        {t('list.total', { count: total })}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          getItemProps={(item) => ({ component: Link, to: listHref(search, { page: item }) })}
          getControlProps={(control) => {
            const target = control === 'next' ? Math.min(pages, page + 1) : control === 'previous' ? Math.max(1, page - 1) : control === 'first' ? 1 : pages;
            return { component: Link, to: listHref(search, { page: target }) };
          }}
          aria-label={t('list.pagination')}
        />
      ) : null}
    </Group>
  );
}
