import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { DetailField } from '#app/components/detail-field.tsx';
import { FormDialog, useFormDialog } from '#app/components/form-dialog.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { useCarrierName } from '#app/lib/carrier.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { alertStatus, packageStatus } from '#common/enums/casillero.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import { formatWeight } from '#common/weight.ts';
import type { Route } from './+types/alert-show';
import { packagesAction } from './admin.server.ts';
import { alertShowLoader } from './detail.server.ts';
import { RegisterPackageForm } from './register-package-form.tsx';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminAlerts');
export const loader = (args: Route.LoaderArgs) => alertShowLoader(args);
// Staff act on a pending alert (PRODUCT §6): registering its package, which links it and tells the client.
export const action = (args: Route.ActionArgs) => packagesAction(args);

export default function AdminAlertShow({ loaderData: { alert } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const carrierName = useCarrierName();
  const [opened, { open, close }] = useFormDialog();
  const pending = alert.status === 'pending' && alert.lockerCode !== null;
  // What the client alerted, for staff to check against the parcel and complete with its measures.
  const alerted = { lockerCode: alert.lockerCode ?? '', trackingNumber: alert.trackingNumber, carrier: alert.carrier, store: alert.store, description: alert.content, declaredValue: alert.declaredValueCents / 100 };
  return (
    <>
      <PageHeader
        title={t('casillero.alert.number', { id: alert.id })}
        description={alert.trackingNumber}
        actions={
          <Group gap="xs">
            <Button component={Link} to={localizePath('/admin/alert', locale)} variant="default">
              {t('list.back')}
            </Button>
            {pending ? (
              <Button onClick={open} data-testid="alert-register-package">
                {t('backOffice.alert.registerPackage')}
              </Button>
            ) : null}
          </Group>
        }
      />
      <Paper withBorder p="lg" radius="md" maw={900}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DetailField label={t('casillero.alert.status')}>
            <StatusBadge of={alertStatus} value={alert.status} />
          </DetailField>
          <DetailField label={t('backOffice.package.client')}>
            <Anchor component={Link} to={`${localizePath('/admin/client/show', locale)}?id=${alert.userId}`} data-testid="alert-client">
              {`${alert.lockerCode ?? ''} · ${alert.name} ${alert.lastname}`}
            </Anchor>
          </DetailField>
          <DetailField label={t('casillero.alert.carrier')}>{carrierName(alert.carrier)}</DetailField>
          <DetailField label={t('casillero.alert.store')}>{alert.store || '—'}</DetailField>
          <DetailField label={t('casillero.alert.declaredValue')}>{formatMoney(alert.declaredValueCents, locale)}</DetailField>
          <DetailField label={t('casillero.alert.expectedDate')}>{alert.expectedDate ? formatDate(alert.expectedDate, locale) : '—'}</DetailField>
          <DetailField label={t('casillero.alert.created')}>{formatDate(alert.createdAt, locale, true)}</DetailField>
          <DetailField label={t('backOffice.alert.invoice')}>
            {alert.invoiceUploadId ? (
              <Anchor href={`/api/v1/uploads/${alert.invoiceUploadId}`} target="_blank" rel="noopener" data-testid="alert-invoice">
                {t('backOffice.alert.seeInvoice')}
              </Anchor>
            ) : (
              t('backOffice.alert.noInvoice')
            )}
          </DetailField>
        </SimpleGrid>
        <Stack mt="md">
          <DetailField label={t('casillero.alert.content')}>{alert.content || '—'}</DetailField>
        </Stack>
        <Title order={2} fz="md" mt="xl" mb="sm">
          {t('backOffice.alert.package')}
        </Title>
        {alert.packageId ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <DetailField label={t('backOffice.alert.package')}>
              <Anchor component={Link} to={`${localizePath('/admin/package/show', locale)}?id=${alert.packageId}`} data-testid="alert-package">
                {t('backOffice.package.number', { id: alert.packageId })}
              </Anchor>
            </DetailField>
            {alert.packageStatus ? (
              <DetailField label={t('casillero.alert.status')}>
                <StatusBadge of={packageStatus} value={alert.packageStatus} />
              </DetailField>
            ) : null}
            {alert.weightLb !== null ? <DetailField label={t('casillero.alert.weight')}>{formatWeight(alert.weightLb, locale)}</DetailField> : null}
          </SimpleGrid>
        ) : (
          <Text c="dimmed">{t('backOffice.alert.noPackage')}</Text>
        )}
      </Paper>
      {pending ? (
        <FormDialog opened={opened} onClose={close} title={t('backOffice.alert.registerPackage')}>
          <Text fz="sm" mb="sm">
            {t('backOffice.alert.registerText')}
          </Text>
          <RegisterPackageForm initial={alerted} />
        </FormDialog>
      ) : null}
    </>
  );
}
