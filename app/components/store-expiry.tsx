import { Badge, Group, Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import type { Locale } from '#common/locale.ts';
import { expiryOf } from '#common/store-expiry.ts';

/** A store's plan expiration: the date in the page's language and "expired" or the days left. */
export function StoreExpiry({ expiresAt, now, locale }: { expiresAt: string | null; now: string; locale: Locale }) {
  const t = useT();
  if (!expiresAt) return <Text fz="sm" c="dimmed">{t('plan.stores.noExpiry')}</Text>;
  const { status, daysLeft } = expiryOf(expiresAt, new Date(now));
  return (
    <Group gap={6} wrap="nowrap">
      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>{formatDate(expiresAt, locale)}</Text>
      {status === 'expired' ? (
        <Badge color="red" variant="light" miw="max-content" data-testid="expired-badge">{t('plan.stores.expired')}</Badge>
      ) : (
        <Badge color={status === 'soon' ? 'orange' : 'gray'} variant="light" miw="max-content">
          {daysLeft! <= 1 ? t('plan.stores.lastDay') : t('plan.stores.daysLeft', { count: daysLeft! })}
        </Badge>
      )}
    </Group>
  );
}
