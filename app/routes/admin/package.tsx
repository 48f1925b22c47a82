import { Alert, Anchor, Button, SimpleGrid, Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { FormDialog, useFormDialog } from '#app/components/form-dialog.tsx';
import { CustomField, NumberField, SelectField, TextareaField, TextField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { ListScreen, useStatusFilter } from '#app/components/list/list-screen.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { UploadField } from '#app/components/upload-field.tsx';
import { useCarrierOptions } from '#app/lib/carrier.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { packageStatus } from '#common/enums/casillero.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatDate } from '#common/dates.ts';
import { formatMoney } from '#common/money.ts';
import { PackageInputSchema } from '#common/schemas/casillero.ts';
import { formatWeight } from '#common/weight.ts';
import type { Route } from './+types/package';
import { packagesAction, packagesLoader } from './admin.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminPackages');
export const loader = (args: Route.LoaderArgs) => packagesLoader(args);
export const action = (args: Route.ActionArgs) => packagesAction(args);

/**
 * Staff register a received package with the form kit: numbers are typed in the page's language
 * ("2,9" on a Spanish page), the browser checks with the action's own schema, and an error goes as
 * soon as its field is corrected (issue 9 §8, §10).
 */
function RegisterPackageForm() {
  const t = useT();
  const carriers = useCarrierOptions();
  return (
    <RecordForm schema={PackageInputSchema} submitLabel={t('casillero.package.register')} initial={{ carrier: 'USPS' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField name="lockerCode" label="casillero.package.lockerCode" placeholder="EC-10001" />
        <TextField name="trackingNumber" label="casillero.alert.trackingNumber" />
        <SelectField name="carrier" label="casillero.alert.carrier" data={carriers} />
        <TextField name="store" label="casillero.alert.store" />
      </SimpleGrid>
      <TextareaField name="description" label="casillero.package.description" autosize minRows={2} />
      {/* Bottom-aligned, and the value on a row of its own: among the four measures its long label wrapped and pushed its input down. */}
      <SimpleGrid cols={{ base: 2, sm: 4 }} style={{ alignItems: 'end' }}>
        <NumberField name="weightLb" label="casillero.package.weightLb" />
        <NumberField name="lengthCm" label="casillero.package.lengthCm" />
        <NumberField name="widthCm" label="casillero.package.widthCm" />
        <NumberField name="heightCm" label="casillero.package.heightCm" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberField name="declaredValue" label="casillero.alert.declaredValue" leftSection="$" />
      </SimpleGrid>
      <CustomField name="photoUpload">
        {(field) => <UploadField name={field.name} purpose="photo" label={t('casillero.package.photo')} error={field.error} onChange={field.recheck} />}
      </CustomField>
    </RecordForm>
  );
}

export default function AdminPackages({ loaderData: { query, page, registered, linkedAlert } }: Route.ComponentProps) {
  const t = useT();
  const statusFilter = useStatusFilter(packageStatus, query.filters.status, t('casillero.alert.status'));
  const locale = localeFromPath(useLocation().pathname);
  const [opened, { open, close }] = useFormDialog();
  return (
    <>
      <RecordToast />
      <PageHeader title={t('page.adminPackages')} description={t('casillero.package.registerText')} actions={<Button onClick={open} data-testid="register-package">{t('casillero.package.register')}</Button>} />
      {registered ? (
        <Alert color="brand" variant="light" mb="md" role="status">
          {[t('casillero.package.registered'), linkedAlert ? t('casillero.package.linkedAlert', { id: linkedAlert }) : ''].join(' ').trim()}
        </Alert>
      ) : null}
      <ListScreen
        query={query}
        page={page}
        caption={t('page.adminPackages')}
        filters={[statusFilter]}
        columns={[
          { key: 'tracking', label: t('casillero.alert.trackingNumber'), render: (row) => <Anchor component={Link} to={`${localizePath('/admin/package/show', locale)}?id=${row.id}`} fw={600} fz="sm">{row.trackingNumber}</Anchor> },
          { key: 'client', label: t('casillero.package.client'), render: (row) => <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>{`${row.lockerCode} · ${row.name} ${row.lastname}`}</Text> },
          { key: 'weight', label: t('casillero.alert.weight'), align: 'right', render: (row) => <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>{formatWeight(row.weightLb, locale)}</Text> },
          { key: 'value', label: t('casillero.alert.declaredValue'), align: 'right', render: (row) => formatMoney(row.declaredValueCents, locale) },
          { key: 'received', label: t('casillero.alert.receivedAt'), sort: 'received', render: (row) => <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>{formatDate(row.receivedAt, locale, true)}</Text> },
          { key: 'status', label: t('casillero.alert.status'), render: (row) => <StatusBadge of={packageStatus} value={row.status} /> },
        ]}
      />
      <FormDialog opened={opened} onClose={close} title={t('casillero.package.register')}>
        <RegisterPackageForm />
      </FormDialog>
    </>
  );
}
