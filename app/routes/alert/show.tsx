import { Anchor, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { FormDialog, useFormDialog } from '#app/components/form-dialog.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { alertHistoryStep, alertStatus, consolidationStatus, packageStatus } from '#common/enums/casillero.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatDate } from '#common/dates.ts';
import { formatMoney } from '#common/money.ts';
import { formatDimensions, formatWeight } from '#common/weight.ts';
import { useCarrierName } from '#app/lib/carrier.ts';
import type { Route } from './+types/show';
import { AlertForm } from './alert-form.tsx';
import { alertShowAction, alertShowLoader } from './alert.server.ts';
import { DetailField } from '#app/components/detail-field.tsx';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.alertShow');
export const loader = (args: Route.LoaderArgs) => alertShowLoader(args);
export const action = (args: Route.ActionArgs) => alertShowAction(args);

export default function AlertShow({ loaderData }: Route.ComponentProps) {
  const t = useT();
  // The timeline's steps are the alert's own, then its consolidation's statuses.
  const historyLabel = (step: string) =>
    alertHistoryStep.is(step) ? t(alertHistoryStep.label(step)) : consolidationStatus.is(step) ? t(consolidationStatus.label(step)) : step;
  const locale = localeFromPath(useLocation().pathname);
  const carrierName = useCarrierName();
  const { alert, package: pkg, history } = loaderData;
  const { formError } = useFormResult();
  const [editing, { open, close }] = useFormDialog();
  const pending = alert.status === 'pending';
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t('casillero.alert.number', { id: alert.id })}
        description={alert.trackingNumber}
        actions={
          <Group gap="xs">
            <Button component={Link} to={localizePath('/alert', locale)} variant="default">
              {t('list.back')}
            </Button>
            {pending ? (
              <>
                <Button onClick={open} variant="light">
                  {t('list.edit')}
                </Button>
                <ConfirmButton intent="delete" label={t('list.delete')} title={t('casillero.alert.deleteTitle')} message={t('list.deleteMessage')} />
              </>
            ) : null}
          </Group>
        }
      />
      <FormAlert error={formError} />
      {/* A Grid, not a 3-column SimpleGrid with `span 2`: on a phone that span made a second, implicit column. */}
      <Grid gap="md" mt="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="lg" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <DetailField label={t('casillero.alert.status')}>
                <StatusBadge of={alertStatus} value={alert.status} />
              </DetailField>
              <DetailField label={t('casillero.alert.carrier')}>{carrierName(alert.carrier)}</DetailField>
              <DetailField label={t('casillero.alert.store')}>{alert.store}</DetailField>
              <DetailField label={t('casillero.alert.declaredValue')}>{formatMoney(alert.declaredValueCents, locale)}</DetailField>
              <DetailField label={t('casillero.alert.expectedDate')}>{alert.expectedDate ? formatDate(alert.expectedDate, locale) : '—'}</DetailField>
              <DetailField label={t('casillero.alert.invoice')}>
                {alert.invoiceUploadId ? (
                  <Anchor href={`/api/v1/uploads/${alert.invoiceUploadId}`} target="_blank" rel="noopener">
                    {t('list.view')}
                  </Anchor>
                ) : (
                  '—'
                )}
              </DetailField>
            </SimpleGrid>
            <Stack mt="md">
              <DetailField label={t('casillero.alert.content')}>{alert.content}</DetailField>
            </Stack>
            <Title order={2} fz="md" mt="xl" mb="sm">
              {t('casillero.alert.package')}
            </Title>
            {pkg ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <DetailField label={t('casillero.alert.status')}>
                  <StatusBadge of={packageStatus} value={pkg.status} />
                </DetailField>
                <DetailField label={t('casillero.alert.weight')}>{formatWeight(pkg.weightLb, locale)}</DetailField>
                <DetailField label={t('casillero.alert.dimensions')}>{formatDimensions(pkg, locale)}</DetailField>
              </SimpleGrid>
            ) : (
              <Text c="dimmed">{t('casillero.alert.noPackage')}</Text>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="lg" radius="md">
            <Title order={2} fz="md" mb="md">
              {t('casillero.alert.history')}
            </Title>
            <Timeline active={history.length - 1} bulletSize={18} lineWidth={2}>
              {history.map((step, index) => (
                <Timeline.Item key={`${step.status}-${index}`} title={historyLabel(step.status)}>
                  <Text c="dimmed" fz="sm">
                    {formatDate(step.at, locale, true)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Paper>
        </Grid.Col>
      </Grid>
      <FormDialog opened={editing} onClose={close} title={t('casillero.alert.edit')}>
        <AlertForm
          intent="update"
          submitLabel={t('list.save')}
          initial={{
            trackingNumber: alert.trackingNumber,
            carrier: alert.carrier,
            store: alert.store,
            content: alert.content,
            declaredValue: alert.declaredValueCents / 100,
            expectedDate: alert.expectedDate ?? '',
          }}
        />
      </FormDialog>
    </>
  );
}
