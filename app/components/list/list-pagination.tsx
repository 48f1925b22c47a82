import { usePagination } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { useT } from '#app/lib/use-t.ts';
import { listHref } from '#app/lib/list-url.ts';
import { localeFromPath } from '#common/locale.ts';
import { formatNumber } from '#common/number-format.ts';
import classes from './list-pagination.module.css';

function Arrow({ back }: { back?: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" aria-hidden="true" style={back ? { transform: 'rotate(180deg)' } : undefined}>
      <path d="M6 3l5 5-5 5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Page links (real anchors: they work without JavaScript and open in new tabs). A `capped` total
 * is a lower bound (the count stops there, decision 036): "more than 1,000 records". `next`, where
 * the following page starts, goes on the links to that page: it is found through the index
 * however deep (decision 036); the other pages are counted in. The pages shown are Mantine's
 * (`usePagination`: the first, the last, and one on each side of the current); the links are
 * plain ones with the module's classes (decision 068).
 */
export function ListPagination({ page, pages, total, capped = false, next = null }: { page: number; pages: number; total: number; capped?: boolean; next?: number | null }) {
  const t = useT();
  const { search, pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const number = formatNumber(total, locale);
  const { range } = usePagination({ total: Math.max(pages, 1), page });
  const href = (target: number) => listHref(search, next && target === page + 1 ? { page: target, after: next } : { page: target });
  // An arrow alone names nothing: each control says where it goes (axe link-name, issue 20 §16).
  const arrow = (control: 'previous' | 'next') => {
    const target = control === 'next' ? Math.min(pages, page + 1) : Math.max(1, page - 1);
    const label = String(t(`list.${control}Page`, { page: formatNumber(target, locale) }));
    const icon = <Arrow back={control === 'previous'} />;
    return target === page ? (
      <span className={classes.control} aria-disabled="true" aria-label={label} role="link">
        {icon}
      </span>
    ) : (
      <Link className={classes.control} to={href(target)} aria-label={label}>
        {icon}
      </Link>
    );
  };
  return (
    <div className={classes.bar}>
      <p className={classes.total}>{capped ? t('list.totalMore', { number }) : t('list.total', { count: total, number })}</p>
      {pages > 1 ? (
        <nav aria-label={t('list.pagination')}>
          <ul className={classes.pages}>
            <li>{arrow('previous')}</li>
            {range.map((item, index) => (
              <li key={item === 'dots' ? `dots-${index}` : item}>
                {item === 'dots' ? (
                  <span className={classes.dots} aria-hidden="true">
                    …
                  </span>
                ) : (
                  <Link className={classes.control} to={href(item)} aria-current={item === page ? 'page' : undefined}>
                    {formatNumber(item, locale)}
                  </Link>
                )}
              </li>
            ))}
            <li>{arrow('next')}</li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
