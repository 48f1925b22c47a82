import { Anchor, Button, Grid, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { DetailField } from '#app/components/detail-field.tsx';
import { CustomField, NumberField, TextareaField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { UploadField } from '#app/components/upload-field.tsx';
import { useCarrierName } from '#app/lib/carrier.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { alertStatus, consolidationStatus, packageStatus } from '#common/enums/casillero.ts';
import { formatLocaleNumber } from '#common/locale-number.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import { PackageEditSchema } from '#common/schemas/casillero.ts';
import { formatWeight } from '#common/weight.ts';
import type { Route } from './+types/package-show';
import { packageShowAction, packageShowLoader } from './detail.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminPackages');
export const loader = (args: Route.LoaderArgs) => packageShowLoader(args);
export const action = (args: Route.ActionArgs) => packageShowAction(args);

export default function AdminPackageShow({ loaderData: { pkg } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const number = (value: number) => formatLocaleNumber(value, locale);
  const carrierName = useCarrierName();
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t('backOffice.package.number', { id: pkg.id })}
        description={pkg.trackingNumber}
        actions={
          <Button component={Link} to={localizePath('/admin/package', locale)} variant="default">
            {t('list.back')}
          </Button>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="package-details">
            <Title order={2} fz="md" mb="md" id="package-details">
              {t('backOffice.package.details')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <DetailField label={t('casillero.alert.status')}>
                <StatusBadge of={packageStatus} value={pkg.status} />
              </DetailField>
              <DetailField label={t('backOffice.package.client')}>
                <Anchor component={Link} to={`${localizePath('/admin/client/show', locale)}?id=${pkg.userId}`} data-testid="package-client">
                  {`${pkg.lockerCode ?? ''} · ${pkg.name} ${pkg.lastname}`}
                </Anchor>
              </DetailField>
              <DetailField label={t('casillero.alert.carrier')}>{carrierName(pkg.carrier)}</DetailField>
              <DetailField label={t('casillero.alert.store')}>{pkg.store || '—'}</DetailField>
              <DetailField label={t('casillero.alert.weight')}>{formatWeight(pkg.weightLb, locale)}</DetailField>
              <DetailField label={t('casillero.alert.dimensions')}>{t('backOffice.package.dimensions', { length: number(pkg.lengthCm), width: number(pkg.widthCm), height: number(pkg.heightCm) })}</DetailField>
              <DetailField label={t('casillero.alert.declaredValue')}>{formatMoney(pkg.declaredValueCents, locale)}</DetailField>
              <DetailField label={t('casillero.alert.receivedAt')}>{formatDate(pkg.receivedAt, locale, true)}</DetailField>
              <DetailField label={t('backOffice.package.alert')}>
                {pkg.alertId ? (
                  <Stack gap={4} align="flex-start">
                    <Anchor component={Link} to={`${localizePath('/admin/alert/show', locale)}?id=${pkg.alertId}`}>
                      {t('casillero.alert.number', { id: pkg.alertId })}
                    </Anchor>
                    {pkg.alertStatus ? <StatusBadge of={alertStatus} value={pkg.alertStatus} /> : null}
                  </Stack>
                ) : (
                  t('backOffice.package.noAlert')
                )}
              </DetailField>
              <DetailField label={t('backOffice.package.consolidation')}>
                {pkg.consolidationId ? (
                  <Stack gap={4} align="flex-start">
                    <Anchor component={Link} to={`${localizePath('/admin/consolidate/show', locale)}?id=${pkg.consolidationId}`}>
                      {t('consolidation.number', { id: pkg.consolidationId })}
                    </Anchor>
                    {pkg.consolidationStatus ? <StatusBadge of={consolidationStatus} value={pkg.consolidationStatus} /> : null}
                  </Stack>
                ) : (
                  t('backOffice.package.noConsolidation')
                )}
              </DetailField>
              <DetailField label={t('backOffice.package.photo')}>
                {pkg.photoUploadId ? (
                  <Anchor href={`/api/v1/uploads/${pkg.photoUploadId}`} target="_blank" rel="noopener">
                    {t('backOffice.package.seePhoto')}
                  </Anchor>
                ) : (
                  t('backOffice.package.noPhoto')
                )}
              </DetailField>
            </SimpleGrid>
            <Stack mt="md">
              <DetailField label={t('casillero.package.description')}>{pkg.description || '—'}</DetailField>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="package-edit">
            <Title order={2} fz="md" id="package-edit">
              {t('backOffice.package.edit')}
            </Title>
            {pkg.editable ? (
              <>
                <Text fz="sm" c="dimmed" mb="md">
                  {t('backOffice.package.editText')}
                </Text>
                <RecordForm
                  schema={PackageEditSchema}
                  intent="edit"
                  submitLabel={t('backOffice.package.save')}
                  initial={{ weightLb: pkg.weightLb, lengthCm: pkg.lengthCm, widthCm: pkg.widthCm, heightCm: pkg.heightCm, declaredValue: pkg.declaredValueCents / 100, description: pkg.description }}
                >
                  {/* Bottom-aligned: a label that wraps ("Valor declarado (USD)") must not push its input below its neighbour's. */}
                  <SimpleGrid cols={2} style={{ alignItems: 'end' }}>
                    <NumberField name="weightLb" label="casillero.package.weightLb" />
                    <NumberField name="declaredValue" label="casillero.alert.declaredValue" leftSection="$" />
                    <NumberField name="lengthCm" label="casillero.package.lengthCm" />
                    <NumberField name="widthCm" label="casillero.package.widthCm" />
                    <NumberField name="heightCm" label="casillero.package.heightCm" />
                  </SimpleGrid>
                  <TextareaField name="description" label="casillero.package.description" autosize minRows={2} />
                  <CustomField name="photoUpload">
                    {(field) => <UploadField name={field.name} purpose="photo" label={t('casillero.package.photo')} error={field.error} onChange={field.recheck} />}
                  </CustomField>
                </RecordForm>
              </>
            ) : (
              <Text fz="sm" c="dimmed" mt="xs">
                {t('backOffice.package.notEditable')}
              </Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
