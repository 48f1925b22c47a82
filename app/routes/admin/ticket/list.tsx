import { Anchor, Stack, Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { ListScreen, useStatusFilter } from '#app/components/list/list-screen.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { ticketCategory, ticketStatus } from '#common/enums/ticket.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatDate } from '#common/dates.ts';
import type { Route } from './+types/list';
import { adminTicketListLoader } from './ticket.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminTickets');
export const loader = (args: Route.LoaderArgs) => adminTicketListLoader(args);

export default function AdminTicketList({ loaderData: { query, page } }: Route.ComponentProps) {
  const t = useT();
  const statusFilter = useStatusFilter(ticketStatus, query.filters.status, t('ticket.status'));
  const locale = localeFromPath(useLocation().pathname);
  const show = (id: number) => `${localizePath('/admin/ticket/show', locale)}?id=${id}`;
  return (
    <>
      <PageHeader title={t('page.adminTickets')} description={t('ticket.admin.listText')} />
      <ListScreen
        query={query}
        page={page}
        caption={t('page.adminTickets')}
        filters={[
          statusFilter,
        ]}
        columns={[
          {
            key: 'number',
            label: '#',
            sort: 'created',
            render: (row) => (
              <Anchor component={Link} to={show(row.id)} c="dimmed">
                {row.id}
              </Anchor>
            ),
          },
          {
            key: 'subject',
            label: t('ticket.subject'),
            sort: 'subject',
            render: (row) => (
              <Stack gap={0}>
                <Anchor component={Link} to={show(row.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {row.subject}
                </Anchor>
                <Text fz="xs" c="dimmed">
                  {t(ticketCategory.label(row.category))}
                </Text>
              </Stack>
            ),
          },
          {
            key: 'client',
            label: t('ticket.admin.client'),
            render: (row) => (
              <Stack gap={0}>
                <Text fz="sm">
                  {row.clientName} {row.clientLastname}
                </Text>
                <Text fz="xs" c="dimmed">
                  {row.clientLockerCode ?? '—'} · {row.clientEmail}
                </Text>
              </Stack>
            ),
          },
          { key: 'status', label: t('ticket.status'), render: (row) => <StatusBadge of={ticketStatus} value={row.status} /> },
          { key: 'waiting', label: t('ticket.admin.waiting'), sort: 'waiting', render: (row) => formatDate(row.updatedAt, locale, true) },
        ]}
      />
    </>
  );
}
