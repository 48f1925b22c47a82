import { Button, Tooltip } from '@mantine/core';
import { useLocation } from 'react-router';
import { useT } from '#app/lib/use-t.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';

/**
 * The order list's CSV (issue 40 §3): a plain link carrying the list's filters as they are in the
 * address (not its page: the file holds every order they pick), so it works without JavaScript.
 */
export function OrderExportLink() {
  const t = useT();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete('page');
  params.delete('notice');
  const query = params.toString();
  return (
    <Tooltip label={t('orderPapers.csv.exportHint')}>
      <Button component="a" href={`${localizePath('/sales/order/export', localeFromPath(pathname))}${query ? `?${query}` : ''}`} variant="default" download data-testid="order-export">
        {t('orderPapers.csv.export')}
      </Button>
    </Tooltip>
  );
}
