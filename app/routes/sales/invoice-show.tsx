import { Anchor, Button, Grid, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { rideSubtotalKey, rideTotals } from '#common/iva.ts';
import { Link, useLocation } from 'react-router';
import { DetailField } from '#app/components/detail-field.tsx';
import { InvoiceSriStatus } from '#app/components/invoice-sri-status.tsx';
import { type Column, DataTable } from '#app/components/list/data-table.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatDate, formatTypedDate } from '#common/dates.ts';
import { sriStatus } from '#common/enums/invoice.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import { formatNumber } from '#common/number-format.ts';
import type { Route } from './+types/invoice-show';
import { invoiceShowLoader } from './invoice.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'invoice.title');
export const loader = (args: Route.LoaderArgs) => invoiceShowLoader(args);

export default function InvoiceShow({ loaderData: { invoice, lines, bases, issuedOn, orderNumber, sriEvents } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const money = (cents: number) => formatMoney(cents, locale);
  const percent = (bp: number) => `${formatNumber(bp / 100, locale)} %`;
  const status = sriStatus.is(invoice.sriStatus) ? invoice.sriStatus : 'issued';
  const files = `?id=${invoice.id}`;
  // A table on a desktop, a card per line on a phone (the list pattern's DataTable).
  const lineColumns: Column<(typeof lines)[number]>[] = [
    { key: 'description', label: t('invoice.ride.description'), render: (line) => (line.shipping ? t('invoice.ride.shipping') : line.name) },
    { key: 'quantity', label: t('invoice.ride.quantity'), align: 'right', render: (line) => formatNumber(line.quantity, locale) },
    { key: 'unitPrice', label: t('invoice.ride.unitPrice'), align: 'right', render: (line) => money(line.unitPriceCents) },
    { key: 'discount', label: t('invoice.ride.discount'), align: 'right', render: (line) => money(line.discountCents) },
    { key: 'lineTotal', label: t('invoice.ride.lineTotal'), align: 'right', render: (line) => money(line.baseCents) },
  ];
  const totals: [string, number][] = [
    ...rideTotals(bases).subtotals.map((base): [string, number] => [t(rideSubtotalKey(base.ivaCode), { rate: percent(base.taxBp) }), base.baseCents]),
    [t('invoice.ride.subtotal'), invoice.baseTaxedCents + invoice.baseZeroCents],
    [t('invoice.ride.totalDiscount'), invoice.discountCents],
    ...rideTotals(bases).ivas.map((base): [string, number] => [t('invoice.ride.iva', { rate: percent(base.taxBp) }), base.taxCents]),
    [t('invoice.ride.total'), invoice.totalCents],
  ];
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t('invoice.show', { number: invoice.number })}
        description={`${invoice.buyerName} · ${formatTypedDate(issuedOn, locale)}`}
        actions={
          <Group gap="xs">
            <Button component={Link} to={localizePath('/sales/invoice', locale)} variant="default">
              {t('list.back')}
            </Button>
            <Button component="a" href={`${localizePath('/sales/invoice/pdf', locale)}${files}`} download data-testid="download-pdf">
              {t('invoice.downloadPdf')}
            </Button>
            <Button component="a" href={`${localizePath('/sales/invoice/xml', locale)}${files}`} download variant="light" data-testid="download-xml">
              {t('invoice.downloadXml')}
            </Button>
          </Group>
        }
      />
      <InvoiceSriStatus invoice={{ ...invoice, sriStatus: status }} events={sriEvents} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <DetailField label={t('invoice.number')}>{invoice.number}</DetailField>
              <DetailField label={t('invoice.sriStatus')}>
                <StatusBadge of={sriStatus} value={status} />
              </DetailField>
              <DetailField label={t('invoice.issued')}>{formatDate(invoice.issuedAt, locale, true)}</DetailField>
              <DetailField label={t('invoice.environment')}>{t(invoice.environment === 2 ? 'invoice.environments.2' : 'invoice.environments.1')}</DetailField>
              <DetailField label={t('invoice.ride.ruc')}>{`${invoice.ruc} · ${invoice.businessName}`}</DetailField>
              <DetailField label={t('invoice.buyer')}>{`${invoice.buyerName} · ${invoice.buyerDocumentNumber}`}</DetailField>
              <DetailField label={t('invoice.ride.order')}>
                <Anchor component={Link} to={`${localizePath('/sales/order/show', locale)}?id=${invoice.orderId}`}>{`#${orderNumber}`}</Anchor>
              </DetailField>
              <DetailField label={t('invoice.ride.email')}>{invoice.buyerEmail}</DetailField>
            </SimpleGrid>
            <Stack gap={2} mt="md">
              <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('invoice.accessKey')}
              </Text>
              <Text ff="monospace" fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="access-key">
                {invoice.accessKey}
              </Text>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="md">
            <Title order={2} fz="h4" mb="sm">
              {t('invoice.total')}
            </Title>
            <Table>
              <Table.Tbody>
                {totals.map(([label, cents]) => (
                  <Table.Tr key={label}>
                    <Table.Th scope="row" fw={500}>
                      {label}
                    </Table.Th>
                    <Table.Td ta="right">{money(cents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </Grid.Col>
      </Grid>
      <Stack mt="md">
        <DataTable caption={t('invoice.ride.description')} rows={lines} rowKey={(line) => `${line.code}-${line.name}`} sort="" dir="asc" columns={lineColumns} />
      </Stack>
    </>
  );
}
