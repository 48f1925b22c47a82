import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { useLocation } from 'react-router';
import { type SalesDay, shortDay } from '#app/components/sales-day.ts';
import { useT } from '#app/lib/use-t.ts';
import { localeFromPath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';

/**
 * The month's sales as bars, one per day (Mantine charts over recharts). A picture for the eye:
 * it is one image with a summary for screen readers, whose words are the day-by-day table beside
 * it — recharts' keyboard layer is off, as it would only repeat that table bar by bar.
 */
export function DeskSalesChart({ days, label }: { days: SalesDay[]; label: string }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  // Dollars for the axis' scale; each day by the name the page gives it (unique within 30 days).
  const data = days.map((day) => ({ day: shortDay(day.day, locale), sales: day.salesCents / 100 }));
  return (
    <Box role="img" aria-label={label} data-testid="desk-sales-chart">
      <BarChart
        h={220}
        data={data}
        dataKey="day"
        series={[{ name: 'sales', label: t('salesSettings.sales'), color: 'brand.6' }]}
        valueFormatter={(value) => formatMoney(Math.round(value * 100), locale)}
        tickLine="y"
        gridAxis="y"
        accessibilityLayer={false}
        xAxisProps={{ minTickGap: 12 }}
        yAxisProps={{ width: 84 }}
      />
    </Box>
  );
}
