import { Group, Pagination, Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { listHref } from '#app/lib/list-url.ts';
import { localeFromPath } from '#common/locale.ts';
import { formatNumber } from '#common/number-format.ts';

/**
 * Page links (real anchors: they work without JavaScript and open in new tabs). A `capped` total
 * is a lower bound (the count stops there, decision 036): "more than 1,000 records". `next`, where
 * the following page starts, goes on the links to that page: it is found through the index
 * however deep (decision 036); the other pages are counted in.
 */
export function ListPagination({ page, pages, total, capped = false, next = null }: { page: number; pages: number; total: number; capped?: boolean; next?: number | null }) {
  const t = useT();
  const { search, pathname } = useLocation();
  const number = formatNumber(total, localeFromPath(pathname));
  const href = (target: number) => listHref(search, next && target === page + 1 ? { page: target, after: next } : { page: target });
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text c="dimmed" fz="sm">
        {capped ? t('list.totalMore', { number }) : t('list.total', { count: total, number })}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          getItemProps={(item) => ({ component: Link, to: href(item) })}
          getControlProps={(control) => {
            const target = control === 'next' ? Math.min(pages, page + 1) : control === 'previous' ? Math.max(1, page - 1) : control === 'first' ? 1 : pages;
            // An arrow alone names nothing: each control says where it goes (axe link-name, issue 20 §16).
            return { component: Link, to: href(target), 'aria-label': String(t(`list.${control}Page` as const, { page: formatNumber(target, localeFromPath(pathname)) })) };
          }}
          aria-label={t('list.pagination')}
        />
      ) : null}
    </Group>
  );
}
