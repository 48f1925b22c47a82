import { Stack, Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { useLocation } from 'react-router';
import { isNotificationKind } from '#common/enums/accounts.ts';
import { localeFromPath } from '#common/locale.ts';
import { formatDate } from '#common/dates.ts';
import { localizeNotificationParams } from '#common/notification-params.ts';

export type NotificationItem = { id: number; kind: string; params: string; link: string; readAt: string | null; createdAt: string };

/** A notification drawn in the reader's language from its kind and parameters. */
export function NotificationText({ item }: { item: NotificationItem }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  let params: Record<string, unknown> = {};
  try {
    params = JSON.parse(item.params) as Record<string, unknown>;
  } catch {
    // An unreadable row still shows its kind's title.
  }
  return (
    <Stack gap={0}>
      <Text fz="sm" fw={item.readAt ? 400 : 700}>
        {isNotificationKind(item.kind) ? String(t(`notification.${item.kind}.title`, localizeNotificationParams(params, locale) as never)) : item.kind}
      </Text>
      <Text fz="xs" c="dimmed">
        {formatDate(item.createdAt, locale, true)}
      </Text>
    </Stack>
  );
}
