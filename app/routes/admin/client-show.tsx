import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { DetailField } from '#app/components/detail-field.tsx';
import { type Column, DataTable } from '#app/components/list/data-table.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { alertStatus, consolidationStatus, packageStatus } from '#common/enums/casillero.ts';
import { ticketStatus } from '#common/enums/ticket.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import { formatWeight } from '#common/weight.ts';
import type { Route } from './+types/client-show';
import { clientShowLoader } from './detail.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminClients');
export const loader = (args: Route.LoaderArgs) => clientShowLoader(args);

/** One of the client's lists: its newest rows, each linked to its back-office screen, and "see all". */
function ClientList<Row>({ id, title, total, rows, columns, seeAll }: { id: string; title: MessageKey; total: number; rows: Row[]; columns: Column<Row>[]; seeAll: string }) {
  const t = useT();
  return (
    <Stack gap="xs" component="section" aria-labelledby={id} mt="xl">
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="lg" id={id}>
          {t(title)} <Badge variant="light" color="gray" ml={4}>{total}</Badge>
        </Title>
        {total > rows.length ? (
          <Anchor component={Link} to={seeAll} fz="sm">
            {t('backOffice.client.seeAll')}
          </Anchor>
        ) : null}
      </Group>
      {rows.length ? (
        <DataTable caption={t(title)} rows={rows} rowKey={(row) => (row as { id: number }).id} columns={columns} sort="" dir="desc" />
      ) : (
        <Text c="dimmed">{t('backOffice.client.none')}</Text>
      )}
    </Stack>
  );
}

export default function AdminClientShow({ loaderData: { client, alerts, packages, consolidations, tickets } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const show = (path: string, id: number) => `${localizePath(path, locale)}?id=${id}`;
  const search = (path: string) => `${localizePath(path, locale)}?q=${encodeURIComponent(client.lockerCode ?? client.email)}`;
  const fullName = `${client.name} ${client.lastname}`;
  return (
    <>
      <PageHeader
        title={fullName}
        description={`${client.lockerCode ?? ''} · ${client.email}`}
        actions={
          <Button component={Link} to={localizePath('/admin/client', locale)} variant="default">
            {t('list.back')}
          </Button>
        }
      />
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="client-profile">
        <Title order={2} fz="lg" mb="md" id="client-profile">
          {t('backOffice.client.profile')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <DetailField label={t('profile.lockerCode')}>
            <Text fw={700} data-testid="client-locker">
              {client.lockerCode}
            </Text>
          </DetailField>
          <DetailField label={t('profile.email')}>{client.email}</DetailField>
          <DetailField label={t('auth.phone')}>{client.phone || '—'}</DetailField>
          <DetailField label={t('backOffice.client.document')}>{`${t(`auth.${client.documentType}`)} ${client.documentNumber}`}</DetailField>
          <DetailField label={t('backOffice.client.address')}>{[client.address, client.city, client.state, client.zip, client.country].filter(Boolean).join(', ') || '—'}</DetailField>
          <DetailField label={t('admin.registered')}>{formatDate(client.createdAt, locale)}</DetailField>
          <DetailField label={t('admin.status')}>
            <Badge variant="light" color={client.enabled ? 'brand' : 'gray'} miw="max-content">
              {client.enabled ? t('admin.enabled') : t('admin.disabled')}
            </Badge>
          </DetailField>
        </SimpleGrid>
      </Paper>
      <ClientList
        id="client-packages"
        title="backOffice.client.packages"
        total={packages.total}
        rows={packages.rows}
        seeAll={search('/admin/package')}
        columns={[
          { key: 'tracking', label: t('casillero.alert.trackingNumber'), render: (row) => <Anchor component={Link} to={show('/admin/package/show', row.id)} fw={600} fz="sm">{row.trackingNumber}</Anchor> },
          { key: 'weight', label: t('casillero.package.weightLb'), align: 'right', render: (row) => formatWeight(row.weightLb, locale) },
          { key: 'received', label: t('casillero.alert.receivedAt'), render: (row) => formatDate(row.receivedAt, locale) },
          { key: 'status', label: t('casillero.alert.status'), render: (row) => <StatusBadge of={packageStatus} value={row.status} /> },
        ]}
      />
      <ClientList
        id="client-alerts"
        title="backOffice.client.alerts"
        total={alerts.total}
        rows={alerts.rows}
        seeAll={search('/admin/alert')}
        columns={[
          { key: 'tracking', label: t('casillero.alert.trackingNumber'), render: (row) => <Anchor component={Link} to={show('/admin/alert/show', row.id)} fw={600} fz="sm">{row.trackingNumber}</Anchor> },
          { key: 'store', label: t('casillero.alert.store'), render: (row) => row.store || '—' },
          { key: 'value', label: t('casillero.alert.declaredValue'), align: 'right', render: (row) => formatMoney(row.declaredValueCents, locale) },
          { key: 'status', label: t('casillero.alert.status'), render: (row) => <StatusBadge of={alertStatus} value={row.status} /> },
        ]}
      />
      <ClientList
        id="client-consolidations"
        title="backOffice.client.consolidations"
        total={consolidations.total}
        rows={consolidations.rows}
        seeAll={search('/admin/consolidate')}
        columns={[
          { key: 'number', label: t('backOffice.package.consolidation'), render: (row) => <Anchor component={Link} to={show('/admin/consolidate/show', row.id)} fw={600} fz="sm">{t('consolidation.number', { id: row.id })}</Anchor> },
          { key: 'created', label: t('casillero.alert.created'), render: (row) => formatDate(row.createdAt, locale) },
          { key: 'status', label: t('casillero.alert.status'), render: (row) => <StatusBadge of={consolidationStatus} value={row.status} /> },
        ]}
      />
      <ClientList
        id="client-tickets"
        title="backOffice.client.tickets"
        total={tickets.total}
        rows={tickets.rows}
        seeAll={search('/admin/ticket')}
        columns={[
          { key: 'subject', label: t('ticket.subject'), render: (row) => <Anchor component={Link} to={show('/admin/ticket/show', row.id)} fw={600} fz="sm">{row.subject}</Anchor> },
          { key: 'updated', label: t('ticket.updated'), render: (row) => formatDate(row.updatedAt, locale) },
          { key: 'status', label: t('casillero.alert.status'), render: (row) => <StatusBadge of={ticketStatus} value={row.status} /> },
        ]}
      />
    </>
  );
}
