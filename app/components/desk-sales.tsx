// The chart's styles stay with the page, so the server's render links them; its code (recharts,
// ~9.5 MiB of a process's heap) is loaded only in the browser, after hydration: a server process
// that drew it once would keep it for life (decision 101).
import '@mantine/charts/styles.layer.css';
import { Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { DataTable, type Column } from '#app/components/list/data-table.tsx';
import { type SalesDay, shortDay } from '#app/components/sales-day.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { useT } from '#app/lib/use-t.ts';
import { localeFromPath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';

const DeskSalesChart = lazy(() => import('#app/components/desk-sales-chart.tsx').then((module) => ({ default: module.DeskSalesChart })));

/** The chart's room until it is drawn: the server's render, hydration, the chart's code on its way. Nothing to read: the table is the chart's words. */
const chartRoom = <Box h={220} aria-hidden="true" data-testid="desk-sales-chart-room" />;

export type DeskSalesView = {
  days: SalesDay[];
  today: { orders: number; salesCents: number };
  total: { orders: number; salesCents: number };
  /** The money of the same days' orders (issue 39 §9). */
  payments: { paidCents: number; pendingCents: number; refundedCents: number };
};

/**
 * The store's sales on the desk (issue 23 §7): today's and the month's figures, the last 30 days
 * as a chart, and the same days as a table behind a disclosure — the chart's words for screen
 * readers and for anyone who wants the exact figures. Cancelled orders are counted in neither.
 */
export function DeskSales({ sales }: { sales: DeskSalesView }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const hydrated = useHydrated();
  const figures = [
    { label: t('salesSettings.todayOrders'), value: String(sales.today.orders), testId: 'sales-today-orders' },
    { label: t('salesSettings.todaySales'), value: formatMoney(sales.today.salesCents, locale), testId: 'sales-today-sales' },
    { label: t('salesSettings.monthOrders'), value: String(sales.total.orders), testId: 'sales-month-orders' },
    { label: t('salesSettings.monthSales'), value: formatMoney(sales.total.salesCents, locale), testId: 'sales-month-sales' },
  ];
  const money = [
    { label: t('payment.desk.paid'), cents: sales.payments.paidCents, testId: 'payments-paid' },
    { label: t('payment.desk.pending'), cents: sales.payments.pendingCents, testId: 'payments-pending', hint: t('payment.desk.pendingHint') },
    { label: t('payment.desk.refunded'), cents: sales.payments.refundedCents, testId: 'payments-refunded' },
  ];
  const columns: Column<SalesDay>[] = [
    { key: 'day', label: t('salesSettings.day'), render: (row) => shortDay(row.day, locale) },
    { key: 'orders', label: t('salesSettings.orders'), align: 'right', render: (row) => row.orders },
    { key: 'sales', label: t('salesSettings.sales'), align: 'right', render: (row) => formatMoney(row.salesCents, locale) },
  ];
  return (
    <Paper withBorder p="lg" radius="md" mt="md" component="section" aria-labelledby="desk-sales-title" data-testid="desk-sales">
      <Title order={2} fz="lg" id="desk-sales-title">
        {t('salesSettings.deskTitle')}
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        {t('salesSettings.deskNote')}
      </Text>
      <SimpleGrid cols={{ base: 2, md: 4 }} mb="md">
        {figures.map((figure) => (
          <Box key={figure.testId}>
            <Text component="span" display="block" fz={24} fw={800} c="brand.9" data-testid={figure.testId}>
              {figure.value}
            </Text>
            <Text fz="sm" c="dimmed">
              {figure.label}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      {/* Where the money of these days stands: paid, still to pay, given back. */}
      <Box component="section" aria-labelledby="desk-payments-title" mb="md" data-testid="desk-payments">
        <Title order={3} fz="md" id="desk-payments-title">
          {t('payment.desk.title')}
        </Title>
        <Text fz="sm" c="dimmed" mb="xs">
          {t('payment.desk.note')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          {money.map((figure) => (
            <Box key={figure.testId}>
              <Text component="span" display="block" fz={20} fw={700} data-testid={figure.testId}>
                {formatMoney(figure.cents, locale)}
              </Text>
              <Text fz="sm" c="dimmed">
                {figure.label}
              </Text>
              {figure.hint ? (
                <Text fz="xs" c="dimmed">
                  {figure.hint}
                </Text>
              ) : null}
            </Box>
          ))}
        </SimpleGrid>
      </Box>
      {sales.total.orders === 0 ? (
        <Text c="dimmed" data-testid="desk-sales-none">
          {t('salesSettings.none')}
        </Text>
      ) : (
        <Stack gap="sm">
          {hydrated ? (
            <Suspense fallback={chartRoom}>
              <DeskSalesChart days={sales.days} label={t('salesSettings.chartLabel', { sales: formatMoney(sales.total.salesCents, locale) })} />
            </Suspense>
          ) : (
            chartRoom
          )}
          <details data-testid="desk-sales-details">
            <summary style={{ cursor: 'pointer' }}>
              <Text component="span" fz="sm" fw={600}>
                {t('salesSettings.showTable')}
              </Text>
            </summary>
            <DataTable columns={columns} rows={sales.days} rowKey={(row) => row.day} rowTestId={(row) => `sales-day-${row.day}`} sort="" dir="asc" caption={t('salesSettings.caption')} />
          </details>
        </Stack>
      )}
    </Paper>
  );
}
