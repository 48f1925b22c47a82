import { Alert, Anchor, Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { FormDialog, useFormDialog } from '#app/components/form-dialog.tsx';
import { ListScreen, useStatusFilter } from '#app/components/list/list-screen.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { UploadField } from '#app/components/upload-field.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { CARRIERS, packageStatus } from '#common/enums/casillero.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatDate } from '#common/dates.ts';
import { formatMoney } from '#common/money.ts';
import type { Route } from './+types/package';
import { packagesAction, packagesLoader } from './admin.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminPackages');
export const loader = (args: Route.LoaderArgs) => packagesLoader(args);
export const action = (args: Route.ActionArgs) => packagesAction(args);


function RegisterPackageForm() {
  const t = useT();
  const { result, fieldError } = useFormResult();
  const values = result?.values ?? {};
  const busy = useNavigation().state === 'submitting';
  const number = (name: string, label: string) => (
    <NumberInput name={name} label={label} defaultValue={values[name]} error={fieldError(name)} min={0} decimalScale={2} required />
  );
  return (
    <Form method="post" noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput name="lockerCode" label={t('casillero.package.lockerCode')} placeholder="EC-10001" defaultValue={values.lockerCode} error={fieldError('lockerCode')} required />
          <TextInput name="trackingNumber" label={t('casillero.alert.trackingNumber')} defaultValue={values.trackingNumber} error={fieldError('trackingNumber')} required />
          <NativeSelect name="carrier" label={t('casillero.alert.carrier')} data={[...CARRIERS]} defaultValue={values.carrier ?? 'USPS'} error={fieldError('carrier')} />
          <TextInput name="store" label={t('casillero.alert.store')} defaultValue={values.store} error={fieldError('store')} />
        </SimpleGrid>
        <Textarea name="description" label={t('casillero.package.description')} defaultValue={values.description} error={fieldError('description')} autosize minRows={2} />
        {/* The value on a row of its own: among the four measures its long label wrapped and pushed its input down. */}
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {number('weightLb', t('casillero.package.weightLb'))}
          {number('lengthCm', t('casillero.package.lengthCm'))}
          {number('widthCm', t('casillero.package.widthCm'))}
          {number('heightCm', t('casillero.package.heightCm'))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{number('declaredValue', t('casillero.alert.declaredValue'))}</SimpleGrid>
        <UploadField name="photoUpload" purpose="photo" label={t('casillero.package.photo')} error={fieldError('photoUpload')} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('casillero.package.register')}
          </Button>
        </Group>
      </Stack>
    </Form>
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
          { key: 'weight', label: t('casillero.package.weightLb'), align: 'right', render: (row) => row.weightLb },
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
