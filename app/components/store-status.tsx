import { Alert, Group, Stack, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { localeFromPath } from '#common/locale.ts';
import { formatNumber } from '#common/number-format.ts';

// A store's plan expiry and rating as the store home and the desk's card show them (issue 10 §1, §9).

export type ExpiryView = { expiresAt: string | null; daysLeft: number | null; status: 'none' | 'ok' | 'soon' | 'expired' };

/** The expiry date in the page's language and the days left. */
export function ExpiryText({ expiry }: { expiry: ExpiryView }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  if (!expiry.expiresAt) return <Text component="span">{t('store.noExpiry')}</Text>;
  const left = expiry.status === 'expired' ? t('store.state.expired') : (expiry.daysLeft ?? 0) <= 1 ? t('store.lastDay') : t('store.daysLeft', { days: expiry.daysLeft ?? 0 });
  return (
    <Stack gap={0} data-testid="store-expiry">
      <Text component="span">{t(expiry.status === 'expired' ? 'store.expiredOn' : 'store.expiresOn', { date: formatDate(expiry.expiresAt, locale) })}</Text>
      <Text component="span" fz="sm" c={expiry.status === 'ok' ? 'dimmed' : expiry.status === 'soon' ? 'orange.9' : 'red.9'} fw={expiry.status === 'ok' ? 400 : 600}>
        {left}
      </Text>
    </Stack>
  );
}

/** A warning within the last week, an error-coloured notice once the plan has expired; nothing otherwise. */
export function ExpiryNotice({ expiry }: { expiry: ExpiryView }) {
  const t = useT();
  if (expiry.status === 'soon') return <Alert color="orange" variant="light" data-testid="expiry-warning">{t('store.expiringSoon')}</Alert>;
  if (expiry.status === 'expired') return <Alert color="red" variant="light" data-testid="expiry-expired">{t('store.expired')}</Alert>;
  return null;
}

/** 0–5 as stars (for the eye) and the number in the page's language (for everyone). */
export function StoreRating({ rating }: { rating: number }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const full = Math.round(rating);
  return (
    <Group gap={6} wrap="nowrap" data-testid="store-rating">
      <Text component="span" c="yellow.9" aria-hidden="true" style={{ letterSpacing: 1 }}>
        {'★'.repeat(full)}
        <Text component="span" c="gray.6" inherit>
          {'★'.repeat(5 - full)}
        </Text>
      </Text>
      <Text component="span">{t('store.ratingValue', { rating: formatNumber(rating, locale, 1) })}</Text>
    </Group>
  );
}
