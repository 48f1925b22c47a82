import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { DetailField } from '#app/components/detail-field.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { packageStatus } from '#common/enums/casillero.ts';
import { formatDate } from '#common/dates.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import { formatDimensions, formatWeight } from '#common/weight.ts';
import { useCarrierName } from '#app/lib/carrier.ts';
import type { Route } from './+types/show';
import { packageShowLoader } from './package.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.packageShow');
export const loader = (args: Route.LoaderArgs) => packageShowLoader(args);

/** One of the client's packages: its facts, the alert it arrived for and the shipment it is in. */
export default function PackageShow({ loaderData: { pkg } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const carrierName = useCarrierName();
  const to = (path: string, id: number) => `${localizePath(path, locale)}?id=${id}`;
  return (
    <>
      <PageHeader
        title={t('casillero.package.number', { tracking: pkg.trackingNumber })}
        description={pkg.description || undefined}
        actions={
          <Group gap="xs">
            <Button component={Link} to={localizePath('/package', locale)} variant="default">
              {t('list.back')}
            </Button>
            {pkg.status === 'in_warehouse' ? (
              <Button component={Link} to={`${localizePath('/consolidate/new', locale)}?chosen=${pkg.id}`} data-testid="ship-this">
                {t('casillero.package.ship')}
              </Button>
            ) : null}
          </Group>
        }
      />
      <Paper withBorder p="lg" radius="md" mt="md" data-testid="package-detail">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <DetailField label={t('casillero.package.status')}>
            <StatusBadge of={packageStatus} value={pkg.status} />
          </DetailField>
          <DetailField label={t('casillero.package.tracking')}>{pkg.trackingNumber}</DetailField>
          <DetailField label={t('casillero.package.carrier')}>{carrierName(pkg.carrier)}</DetailField>
          <DetailField label={t('casillero.package.store')}>{pkg.store || '—'}</DetailField>
          <DetailField label={t('casillero.package.weight')}>{formatWeight(pkg.weightLb, locale)}</DetailField>
          <DetailField label={t('casillero.package.dimensions')}>{formatDimensions(pkg, locale)}</DetailField>
          <DetailField label={t('casillero.package.declaredValue')}>{formatMoney(pkg.declaredValueCents, locale)}</DetailField>
          <DetailField label={t('casillero.package.receivedAt')}>{formatDate(pkg.receivedAt, locale, true)}</DetailField>
        </SimpleGrid>
        <Stack gap="md" mt="md">
          <DetailField label={t('casillero.package.alert')}>
            {pkg.alertId ? (
              <Anchor component={Link} to={to('/alert/show', pkg.alertId)} data-testid="package-alert">
                {t('casillero.alert.number', { id: pkg.alertId })}
              </Anchor>
            ) : (
              <Text span c="dimmed">
                {t('casillero.package.noAlert')}
              </Text>
            )}
          </DetailField>
          <DetailField label={t('casillero.package.consolidation')}>
            {pkg.consolidationId ? (
              <Anchor component={Link} to={to('/consolidate/show', pkg.consolidationId)} data-testid="package-consolidation">
                {t('consolidation.number', { id: pkg.consolidationId })}
              </Anchor>
            ) : (
              <Text span c="dimmed">
                {t('casillero.package.notShipped')}
              </Text>
            )}
          </DetailField>
        </Stack>
      </Paper>
    </>
  );
}
