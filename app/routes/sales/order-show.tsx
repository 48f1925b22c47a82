import { paymentMethod } from '#common/enums/payment.ts';
import { Anchor, Button, Grid, Group, Paper, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { DetailField } from '#app/components/detail-field.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { IssueInvoiceButton } from '#app/components/issue-invoice-button.tsx';
import { type Column, DataTable } from '#app/components/list/data-table.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { identificationType } from '#common/enums/identification.ts';
import { isIvaCode, ivaLabel } from '#common/iva.ts';
import { orderStatus } from '#common/enums/sales-order.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import type { Route } from './+types/order-show';
import { CreditNoteSection } from './credit-note-section.tsx';
import { OrderNotesCard } from './order-notes-card.tsx';
import { OrderPapersBar } from './order-papers-bar.tsx';
import { OrderStatusButton } from './order-status-button.tsx';
import { PaymentSection } from './payment-section.tsx';
import { PartlyShippedBadge, ShipmentSection } from './shipment-section.tsx';
import { ShipOrderButton } from './ship-order-dialog.tsx';
import { orderShowAction, orderShowLoader } from './order.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'order.showTitle');
export const loader = (args: Route.LoaderArgs) => orderShowLoader(args);
export const action = (args: Route.ActionArgs) => orderShowAction(args);

type Data = Route.ComponentProps['loaderData'];
type Line = Data['lines'][number];


export default function OrderShow({ loaderData: { order, lines, events, next, invoice, creditNotes, payments, contact, shipping } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { formError, fieldError } = useFormResult();
  const money = (cents: number) => formatMoney(cents, locale);
  const lineColumns: Column<Line>[] = [
    { key: 'product', label: t('order.product'), render: (line) => <Text fw={600} fz="sm">{line.name}</Text> },
    { key: 'unitPrice', label: t('order.unitPrice'), align: 'right', render: (line) => money(line.unitPriceCents) },
    { key: 'quantity', label: t('order.quantity'), align: 'right', render: (line) => line.quantity },
    { key: 'discount', label: t('order.discount'), align: 'right', render: (line) => money(line.discountCents) },
    { key: 'lineTotal', label: t('order.lineTotal'), align: 'right', render: (line) => money(line.baseCents) },
  ];
  // A discount reads as money taken off: "−$5,00", and "$0,00" (not "$-0,00") when there is none.
  const totals: [string, string][] = [
    [t('order.subtotal'), money(order.subtotalCents)],
    [order.couponCode ? `${t('order.discount')} (${order.couponCode})` : t('order.discount'), order.discountCents > 0 ? `−${money(order.discountCents)}` : money(0)],
    [t('order.tax'), money(order.taxCents)],
    // shipping's IVA as the order froze it (decision 087): "Envío (IVA 15 %)"
    [order.shippingCents > 0 && isIvaCode(order.shippingIvaCode) ? `${t('order.shipping')} (${t(ivaLabel(order.shippingIvaCode))})` : t('order.shipping'), money(order.shippingCents)],
  ];
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t('order.number', { number: order.number })}
        description={formatDate(order.createdAt, locale, true)}
        actions={
          <Group gap="xs">
            <Button component={Link} to={localizePath('/sales/order', locale)} variant="default">
              {t('list.back')}
            </Button>
            {next.map((status) =>
              status === 'pending' ? null : status === 'shipped' ? (
                // Shipping asks for the carrier, the tracking number and the units (issue 40 §2).
                <ShipOrderButton key={status} number={order.number} lines={shipping.toShip} partlyShipped={order.partlyShipped} />
              ) : (
                <OrderStatusButton key={status} number={order.number} status={status} />
              ),
            )}
            <IssueInvoiceButton orderId={order.id} invoice={invoice} cancelled={order.status === 'cancelled'} />
          </Group>
        }
      />
      <FormAlert error={formError ?? fieldError('status')} />
      <Grid gap="md" mt="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <DetailField label={t('order.statusLabel')}>
                <StatusBadge of={orderStatus} value={order.status} />
                {/* Paid, some units already with a carrier (decision 091). */}
                {order.partlyShipped ? <PartlyShippedBadge /> : null}
              </DetailField>
              <DetailField label={t('order.customer')}>
                <Anchor component={Link} to={`${localizePath('/sales/customer/show', locale)}?id=${order.customerId}`}>
                  {order.name}
                </Anchor>
              </DetailField>
              <DetailField label={t('customer.email')}>{order.email}</DetailField>
              <DetailField label={t('customer.phone')}>{order.phone || '—'}</DetailField>
              <DetailField label={t('customer.documentNumber')}>{identificationType.is(order.documentType) ? `${t(identificationType.label(order.documentType))} ${order.documentNumber}` : order.documentNumber}</DetailField>
              <DetailField label={t('order.paymentMethod')}>{paymentMethod.is(order.paymentMethod) ? t(paymentMethod.label(order.paymentMethod)) : order.paymentMethod}</DetailField>
              <DetailField label={t('order.contact')}>{[order.address, order.city, order.canton, order.province].filter(Boolean).join(', ') || '—'}</DetailField>
              <DetailField label={t('shipping.title')}>{order.shippingPickup === 1 ? t('shipping.pickup') : order.shippingName || '—'}</DetailField>
              <DetailField label={t('order.notes')}>{order.notes || t('order.noNotes')}</DetailField>
            </SimpleGrid>
            <OrderPapersBar orderId={order.id} whatsapp={contact.whatsapp} name={order.name} />
          </Paper>
          <Title order={2} size="h4" mt="lg" mb="sm">
            {t('order.lines')}
          </Title>
          <DataTable caption={t('order.lines')} rows={lines} rowKey={(line) => line.id} columns={lineColumns} sort="" dir="desc" />
          <Paper withBorder p="md" radius="md" mt="md" maw={420} ml="auto">
            <Table>
              <Table.Tbody>
                {totals.map(([label, amount]) => (
                  <Table.Tr key={label}>
                    <Table.Th scope="row" fw={400}>{label}</Table.Th>
                    <Table.Td ta="right">{amount}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Th scope="row">{t('order.total')}</Table.Th>
                  <Table.Td ta="right" fw={700} data-testid="order-total">
                    {money(order.totalCents)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Paper>
          {/* The order's parcels with their tracking links (issue 40 §2). */}
          <ShipmentSection shipments={shipping.shipments} />
          <PaymentSection view={payments} order={order} invoiced={invoice !== null} />
          {creditNotes ? <CreditNoteSection view={creditNotes} /> : null}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="md">
              {t('order.timeline')}
            </Title>
            {next.length === 0 ? (
              <Text c="dimmed" fz="sm" mb="md">
                {t('order.noActions')}
              </Text>
            ) : null}
            <Timeline active={events.length - 1} bulletSize={14} lineWidth={2}>
              {events.map((event) => (
                <Timeline.Item key={event.id} title={t(orderStatus.label(event.status))}>
                  <Stack gap={2}>
                    <Text fz="xs" c="dimmed">
                      {formatDate(event.createdAt, locale, true)}
                      {event.userName ? ` · ${t('order.by', { name: event.userName })}` : ''}
                    </Text>
                    {event.note ? <Text fz="sm">{event.note}</Text> : null}
                  </Stack>
                </Timeline.Item>
              ))}
            </Timeline>
          </Paper>
          <OrderNotesCard notes={contact.notes} name={order.name} email={order.email} />
        </Grid.Col>
      </Grid>
    </>
  );
}
