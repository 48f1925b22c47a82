import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { ListScreen, useStatusFilter } from '#app/components/list/list-screen.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { ticketCategory, ticketStatus } from '#common/enums/ticket.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatDate } from '#common/dates.ts';
import type { Route } from './+types/list';
import { ticketListLoader } from './ticket.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.tickets');
export const loader = (args: Route.LoaderArgs) => ticketListLoader(args);

export default function TicketList({ loaderData: { query, page } }: Route.ComponentProps) {
  const t = useT();
  const statusFilter = useStatusFilter(ticketStatus, query.filters.status, t('ticket.status'));
  const locale = localeFromPath(useLocation().pathname);
  const newTicket = localizePath('/ticket/new', locale);
  const show = (id: number) => `${localizePath('/ticket/show', locale)}?id=${id}`;
  // No ticket at all (not merely none matching the search): invite to open the first one.
  const none = page.total === 0 && !query.q && !query.filters.status && page.page === 1;
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t('page.tickets')}
        description={t('ticket.listText')}
        actions={
          <Button component={Link} to={newTicket} data-testid="new-ticket">
            {t('ticket.new')}
          </Button>
        }
      />
      {none ? (
        <Paper withBorder radius="md" p="xl" data-testid="empty-list">
          <Stack align="center" gap="sm" py="lg">
            <Title order={2} fz="lg">
              {t('ticket.empty')}
            </Title>
            <Text c="dimmed" ta="center" maw={480}>
              {t('ticket.emptyText')}
            </Text>
            <Button component={Link} to={newTicket} mt="sm">
              {t('ticket.new')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          <ListScreen
            query={query}
            page={page}
            caption={t('page.tickets')}
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
                  <Anchor component={Link} to={show(row.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {row.subject}
                  </Anchor>
                ),
              },
              { key: 'category', label: t('ticket.category'), render: (row) => t(ticketCategory.label(row.category)) },
              { key: 'status', label: t('ticket.status'), render: (row) => <StatusBadge of={ticketStatus} value={row.status} /> },
              { key: 'updated', label: t('ticket.updated'), sort: 'updated', render: (row) => formatDate(row.updatedAt, locale, true) },
            ]}
          />
        </>
      )}
    </>
  );
}
