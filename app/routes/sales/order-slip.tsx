import { Alert, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { paymentMethod } from '#common/enums/payment.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import type { Route } from './+types/order-slip';
import classes from './order-slip.module.css';
import { orderSlipsLoader } from './order-papers.server.ts';

// Packing slips and order summaries (issue 40 §3): `/store/orders/slip?ids=1,2,3`, each order a
// printed page; `&kind=summary` adds the prices and totals. The print stylesheet leaves only the sheets.

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'orderPapers.slip.pageTitle');
export const loader = (args: Route.LoaderArgs) => orderSlipsLoader(args);

type Slips = NonNullable<Route.ComponentProps['loaderData']['slips']>;

export default function OrderSlips({ loaderData: { kind, ids, problem, slips } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const title = kind === 'summary' ? t('orderPapers.slip.summaryTitle') : t('orderPapers.slip.slipTitle');
  const other = `${localizePath('/store/orders/slip', locale)}?ids=${ids}${kind === 'summary' ? '' : '&kind=summary'}`;
  return (
    <>
      <div className={classes.noPrint}>
        <PageHeader
          title={title}
          description={t('orderPapers.slip.printText')}
          actions={
            slips ? (
              <Group gap="xs">
                <Button component={Link} to={localizePath('/sales/order', locale)} variant="default">
                  {t('list.back')}
                </Button>
                <Button component={Link} to={other} variant="default" data-testid="slip-switch">
                  {kind === 'summary' ? t('orderPapers.slip.showSlip') : t('orderPapers.slip.showSummary')}
                </Button>
                <Button onClick={() => window.print()} data-testid="slip-print">
                  {t('orderPapers.slip.print')}
                </Button>
              </Group>
            ) : null
          }
        />
        {problem ? (
          <Alert color="red" role="alert" mt="md" data-testid="slip-problem">
            {t(problem.key, { max: problem.max })}
          </Alert>
        ) : null}
        {slips && slips.missing > 0 ? (
          <Alert color="yellow" mt="md" mb="md">
            {t('orderPapers.slip.missing', { count: slips.missing })}
          </Alert>
        ) : null}
      </div>
      {slips ? slips.orders.map((slip) => <Sheet key={slip.order.id} slip={slip} store={slips.store} summary={kind === 'summary'} title={title} />) : null}
    </>
  );
}

function Sheet({ slip: { order, lines, shipments }, store, summary, title }: { slip: Slips['orders'][number]; store: Slips['store']; summary: boolean; title: string }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const money = (cents: number) => formatMoney(cents, locale);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  // A pickup order has no address to ship to; the canton only when it says more than the city.
  const region = [...new Set([order.city, order.canton, order.province].filter(Boolean))].join(', ');
  const place = order.shippingPickup === 1 ? [] : [order.address, region].filter(Boolean);
  const shipping = order.shippingPickup === 1 ? t('orderPapers.slip.pickup') : order.shippingName;
  return (
    <article className={classes.sheet} data-testid={`slip-${order.number}`} aria-label={`${title} · ${t('order.number', { number: order.number })}`}>
      <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
        <Stack gap={2}>
          {/* The name is printed beside it: the logo adds nothing to read. */}
          {store.logo ? <img className={classes.logo} src={`/shop/${store.slug}/logo?v=${store.logo}`} alt="" /> : null}
          <Text fw={700} fz="lg">
            {store.name}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end" ta="right">
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text fw={700}>{t('order.number', { number: order.number })}</Text>
          <Text fz="sm">
            {t('orderPapers.slip.orderDate')}: {formatDate(order.createdAt, locale)}
          </Text>
        </Stack>
      </Group>
      <Group align="flex-start" gap="xl" mb="md">
        <Stack gap={2}>
          <Text fz="xs" tt="uppercase" fw={700}>
            {t('orderPapers.slip.shipTo')}
          </Text>
          <Text fw={600}>{order.name}</Text>
          {place.map((text) => (
            <Text key={text} fz="sm">
              {text}
            </Text>
          ))}
          {order.phone ? <Text fz="sm">{`${t('orderPapers.slip.phone')}: ${order.phone}`}</Text> : null}
          {shipping ? <Text fz="sm" fw={600}>{`${t('orderPapers.slip.shipping')}: ${shipping}`}</Text> : null}
          {shipments.map((parcel) => (
            <Text key={parcel.id} fz="sm">
              {t('orderPapers.slip.parcel', { carrier: parcel.carrierLabel, number: parcel.trackingNumber })}
            </Text>
          ))}
        </Stack>
        {summary ? (
          <Stack gap={2}>
            <Text fz="xs" tt="uppercase" fw={700}>
              {t('orderPapers.slip.payment')}
            </Text>
            <Text fz="sm">{paymentMethod.is(order.paymentMethod) ? t(paymentMethod.label(order.paymentMethod)) : order.paymentMethod}</Text>
            <Text fz="sm">{order.email}</Text>
          </Stack>
        ) : null}
      </Group>
      {/* Focusable, so that a keyboard can scroll it where it is wider than a phone. */}
      <div className={classes.scroll} tabIndex={0} role="region" aria-label={`${t('order.lines')} · ${t('order.number', { number: order.number })}`}>
        <table className={classes.lines}>
          <thead>
            <tr>
              {summary ? null : <th scope="col"><VisuallyHidden>{t('orderPapers.slip.packed')}</VisuallyHidden></th>}
              <th scope="col">{t('orderPapers.slip.sku')}</th>
              <th scope="col">{t('orderPapers.slip.product')}</th>
              <th scope="col" className={classes.number}>{t('orderPapers.slip.quantity')}</th>
              {summary ? <th scope="col" className={classes.number}>{t('order.unitPrice')}</th> : null}
              {summary ? <th scope="col" className={classes.number}>{t('order.lineTotal')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id}>
                {summary ? null : <td><span className={classes.box} aria-hidden="true" /></td>}
                <td>{line.sku || '—'}</td>
                <td>{line.name}</td>
                <td className={classes.number}>{line.quantity}</td>
                {summary ? <td className={classes.number}>{money(line.unitPriceCents)}</td> : null}
                {summary ? <td className={classes.number}>{money(line.baseCents)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Text fz="sm" mt="xs" fw={600}>
        {t('orderPapers.slip.units', { count: units })}
      </Text>
      {summary ? <SummaryTotals order={order} /> : null}
      {order.notes ? (
        <Text fz="sm" mt="md">
          <strong>{t('orderPapers.slip.notes')}:</strong> {order.notes}
        </Text>
      ) : null}
      {summary ? null : (
        <Text fz="sm" mt="xl">
          {t('orderPapers.slip.packed')}: ______________________
        </Text>
      )}
    </article>
  );
}

function SummaryTotals({ order }: { order: Slips['orders'][number]['order'] }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const money = (cents: number) => formatMoney(cents, locale);
  const rows: [string, string][] = [
    [t('order.subtotal'), money(order.subtotalCents)],
    [order.couponCode ? `${t('order.discount')} (${order.couponCode})` : t('order.discount'), order.discountCents > 0 ? `−${money(order.discountCents)}` : money(0)],
    [t('order.tax'), money(order.taxCents)],
    [t('order.shipping'), money(order.shippingCents)],
  ];
  return (
    <table className={classes.lines} style={{ maxWidth: 320, marginLeft: 'auto', marginTop: 12 }}>
      <tbody>
        {rows.map(([label, amount]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td className={classes.number}>{amount}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">{t('order.total')}</th>
          <td className={classes.number} data-testid="slip-total">
            <strong>{money(order.totalCents)}</strong>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

