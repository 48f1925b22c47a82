import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { FormAlert } from '#app/components/form-alert.tsx';
import { type Column, DataTable } from '#app/components/list/data-table.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { WEBHOOK_ENDPOINT_MAX } from '#common/webhook.ts';
import type { Route } from './+types/webhooks';
import { webhooksLoader } from './webhooks.server.ts';

// The store's webhooks (issue 38 §5): each endpoint with its state and its last delivery.

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'webhook.title');
export const loader = (args: Route.LoaderArgs) => webhooksLoader(args);

type Row = Route.ComponentProps['loaderData']['endpoints'][number];

export const STATE_COLORS = { enabled: 'green', disabled: 'gray', failing: 'red' } as const;

export default function Webhooks({ loaderData: { endpoints } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const [search] = useSearchParams();
  const show = (id: number) => `${localizePath('/store/webhooks/show', locale)}?id=${id}`;
  const columns: Column<Row>[] = [
    {
      key: 'url',
      label: t('webhook.url'),
      render: (row) => (
        <Anchor component={Link} to={show(row.id)} style={{ wordBreak: 'break-all' }}>
          {row.url}
        </Anchor>
      ),
    },
    { key: 'state', label: t('webhook.stateLabel'), render: (row) => <Badge variant="light" color={STATE_COLORS[row.state]}>{t(`webhook.state.${row.state}`)}</Badge> },
    { key: 'events', label: t('webhook.events'), render: (row) => t('webhook.eventCount', { count: row.events.length }) },
    {
      key: 'last',
      label: t('webhook.lastDelivery'),
      render: (row) =>
        row.lastAttemptAt ? (
          // Wraps on a phone's card rather than cutting the badge's words ("NO RESP…").
          <Group gap={6} wrap="wrap">
            <Badge variant="light" style={{ flexShrink: 0 }} color={row.lastStatus !== null && row.lastStatus >= 200 && row.lastStatus < 300 ? 'green' : 'red'}>
              {row.lastStatus ?? t('webhook.noAnswer')}
            </Badge>
            <Text size="sm">{formatDate(row.lastAttemptAt, locale, true)}</Text>
          </Group>
        ) : (
          t('webhook.never')
        ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('webhook.title')}
        actions={
          endpoints.length < WEBHOOK_ENDPOINT_MAX && (
            <Button component={Link} to={localizePath('/store/webhooks/new', locale)} data-testid="add-webhook">
              {t('webhook.add')}
            </Button>
          )
        }
      />
      <Stack gap="lg" maw={1100}>
        <Text>
          {t('webhook.intro')}{' '}
          <Anchor href="https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md" target="_blank" rel="noreferrer">
            {t('webhook.docsLink')}
          </Anchor>
        </Text>
        {search.get('notice') === 'webhook.deleted' && <FormAlert notice={t('webhook.deleted')} />}
        {endpoints.length === 0 ? (
          <Text c="dimmed" data-testid="no-webhooks">
            {t('webhook.empty')}
          </Text>
        ) : (
          <DataTable columns={columns} rows={endpoints} rowKey={(row) => row.id} rowTestId={(row) => `webhook-${row.id}`} sort="" dir="asc" caption={t('webhook.title')} />
        )}
        <Text size="sm" c="dimmed">
          {t('webhook.limit', { limit: WEBHOOK_ENDPOINT_MAX })}
        </Text>
      </Stack>
    </>
  );
}
