import { Box } from '@mantine/core';
import type { SalesDay } from '#app/components/desk-sales.tsx';

/** Placeholder until @mantine/charts lands in main; replaced by the bar chart. */
export function DeskSalesChart({ label }: { days: SalesDay[]; label: string }) {
  return <Box role="img" aria-label={label} />;
}
