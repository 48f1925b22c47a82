import { Button, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useT } from '#app/lib/use-t.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';

/**
 * The order page's links to its papers and its shopper (issue 40 §3): the packing slip and the
 * summary to print, and WhatsApp with a message in the order's language — or why there is none.
 */
export function OrderPapersBar({ orderId, whatsapp, name }: { orderId: number; whatsapp: string | null; name: string }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const slip = `${localizePath('/store/orders/slip', locale)}?ids=${orderId}`;
  return (
    <Group gap="xs" mt="md" data-testid="order-papers">
      <Button component={Link} to={slip} variant="default" size="xs" data-testid="open-slip">
        {t('orderPapers.slip.open')}
      </Button>
      <Button component={Link} to={`${slip}&kind=summary`} variant="default" size="xs" data-testid="open-summary">
        {t('orderPapers.slip.openSummary')}
      </Button>
      {whatsapp ? (
        <Button component="a" href={whatsapp} target="_blank" rel="noopener noreferrer" variant="light" color="green" size="xs" aria-label={t('orderPapers.whatsapp.label', { name })} data-testid="order-whatsapp">
          {t('orderPapers.whatsapp.open')}
        </Button>
      ) : (
        <Text fz="xs" c="dimmed">
          {t('orderPapers.whatsapp.noPhone')}
        </Text>
      )}
    </Group>
  );
}
