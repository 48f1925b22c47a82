import { Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { useLocation } from 'react-router';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { consolidationStatus, packageStatus } from '#common/enums/casillero.ts';
import type { EnumValue } from '#common/enums/define-enum.ts';
import { localeFromPath } from '#common/locale.ts';
import { formatDate } from '#common/dates.ts';
import { formatMoney } from '#common/money.ts';
import { formatDimensions, formatWeight } from '#common/weight.ts';
import { DetailField } from '#app/components/detail-field.tsx';
import { type Column, DataTable } from '#app/components/list/data-table.tsx';

// The parts of a consolidation both its owner (/consolidate/show) and the back office show.
type Consolidation = {
  status: EnumValue<typeof consolidationStatus>;
  deliveryAddress: string;
  notes: string;
  totalWeightLb: number;
  billableWeightLb: number;
  declaredValueCents: number;
  costCents: number;
  finalWeightLb: number | null;
  finalCostCents: number | null;
  outboundTracking: string | null;
  createdAt: string;
};
type Package = { id: number; trackingNumber: string; store: string; weightLb: number; lengthCm: number; widthCm: number; heightCm: number; declaredValueCents: number; status: EnumValue<typeof packageStatus> };
type Event = { id: number; status: EnumValue<typeof consolidationStatus>; note: string; createdAt: string };

type PackageFacts = Pick<Package, 'trackingNumber' | 'store' | 'weightLb' | 'lengthCm' | 'widthCm' | 'heightCm' | 'declaredValueCents'>;

/**
 * A package's facts as DataTable columns, for the consolidation's packages and the choice of them:
 * the first (the card's title on a phone) is `title` — the tracking, or a box to tick it.
 */
export function usePackageColumns<Row extends PackageFacts>(title: (pkg: Row) => React.ReactNode = (pkg) => <Text fw={600} fz="sm">{pkg.trackingNumber}</Text>): Column<Row>[] {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return [
    { key: 'tracking', label: t('consolidation.tracking'), render: title },
    { key: 'store', label: t('consolidation.store'), render: (pkg) => pkg.store || '—' },
    { key: 'weight', label: t('consolidation.weight'), align: 'right', render: (pkg) => <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>{formatWeight(pkg.weightLb, locale)}</Text> },
    { key: 'dimensions', label: t('consolidation.dimensions'), render: (pkg) => <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>{formatDimensions(pkg, locale)}</Text> },
    { key: 'value', label: t('consolidation.value'), align: 'right', render: (pkg) => formatMoney(pkg.declaredValueCents, locale) },
  ];
}

export function ConsolidationSummary({ consolidation, children }: { consolidation: Consolidation; children?: React.ReactNode }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <Paper withBorder p="lg" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {children}
        <DetailField label={t('consolidation.status')}>
          <StatusBadge of={consolidationStatus} value={consolidation.status} />
        </DetailField>
        <DetailField label={t('consolidation.created')}>{formatDate(consolidation.createdAt, locale, true)}</DetailField>
        <DetailField label={t('consolidation.actualWeight')}>{formatWeight(consolidation.totalWeightLb, locale)}</DetailField>
        <DetailField label={t('consolidation.billableWeight')}>{formatWeight(consolidation.billableWeightLb, locale)}</DetailField>
        <DetailField label={t('consolidation.declaredValue')}>{formatMoney(consolidation.declaredValueCents, locale)}</DetailField>
        <DetailField label={t('consolidation.cost')}>
          <Text fw={700} span>
            {formatMoney(consolidation.costCents, locale)}
          </Text>
        </DetailField>
      </SimpleGrid>
      <FinalFigures consolidation={consolidation} />
      <Stack mt="md" gap="md">
        <DetailField label={t('consolidation.deliveryAddress')}>{consolidation.deliveryAddress}</DetailField>
        {consolidation.notes ? <DetailField label={t('consolidation.notes')}>{consolidation.notes}</DetailField> : null}
      </Stack>
    </Paper>
  );
}

/** What the warehouse measured and the outbound tracking, or that they come at weighing. */
function FinalFigures({ consolidation }: { consolidation: Consolidation }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { finalWeightLb, finalCostCents, outboundTracking } = consolidation;
  const known = finalWeightLb !== null || finalCostCents !== null || outboundTracking !== null;
  return (
    <Stack mt="md" gap="xs" data-testid="final-figures">
      <Title order={2} fz="sm">
        {t('consolidation.final')}
      </Title>
      {known ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <DetailField label={t('consolidation.finalWeightShown')}>{finalWeightLb === null ? '—' : formatWeight(finalWeightLb, locale)}</DetailField>
          <DetailField label={t('consolidation.finalCostShown')}>
            <Text fw={700} span data-testid="final-cost">
              {finalCostCents === null ? '—' : formatMoney(finalCostCents, locale)}
            </Text>
          </DetailField>
          <DetailField label={t('consolidation.outboundTracking')}>
            <Text span ff="monospace" data-testid="outbound-tracking">
              {outboundTracking ?? '—'}
            </Text>
          </DetailField>
        </SimpleGrid>
      ) : (
        <Text fz="sm" c="dimmed">
          {consolidation.status === 'cancelled' ? '—' : t('consolidation.finalPending')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The consolidation's packages as a DataTable: a row per package on a wide screen, a card with its
 * status on top on a phone — a sideways-scrolling table hid the status there (issue 9 §13).
 */
export function ConsolidationPackages({ packages, cancelled }: { packages: Package[]; cancelled: boolean }) {
  const t = useT();
  const [tracking, ...facts] = usePackageColumns<Package>();
  // The status beside the tracking: the card's top line on a phone.
  const columns: Column<Package>[] = [tracking!, { key: 'status', label: t('consolidation.status'), render: (pkg) => <StatusBadge of={packageStatus} value={pkg.status} /> }, ...facts];
  return (
    <Paper withBorder p="lg" radius="md" mt="md" component="section" aria-labelledby="consolidation-packages">
      <Title order={2} fz="md" mb="sm" id="consolidation-packages">
        {t('consolidation.packages')}
      </Title>
      {cancelled ? (
        <Text c="dimmed">{t('consolidation.packagesReturned')}</Text>
      ) : (
        <DataTable caption={t('consolidation.packages')} rows={packages} rowKey={(pkg) => pkg.id} rowTestId={() => 'consolidation-package'} columns={columns} sort="" dir="desc" />
      )}
    </Paper>
  );
}

export function ConsolidationTimeline({ events }: { events: Event[] }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} fz="md" mb="md">
        {t('consolidation.timeline')}
      </Title>
      <Timeline active={events.length - 1} bulletSize={18} lineWidth={2} data-testid="consolidation-timeline">
        {events.map((event) => (
          <Timeline.Item key={event.id} title={t(consolidationStatus.label(event.status))} color={event.status === 'cancelled' ? 'gray' : undefined}>
            <Text c="dimmed" fz="sm">
              {formatDate(event.createdAt, locale, true)}
            </Text>
            {event.note ? (
              <Text fz="sm" mt={4} style={{ whiteSpace: 'pre-line' }}>
                {event.note}
              </Text>
            ) : null}
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}
