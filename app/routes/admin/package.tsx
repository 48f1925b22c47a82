import { Alert, Anchor, Button, Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { FormDialog, useFormDialog } from '#app/components/form-dialog.tsx';
import { ListScreen, useStatusFilter } from '#app/components/list/list-screen.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { packageStatus } from '#common/enums/casillero.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatDate } from '#common/dates.ts';
import { formatMoney } from '#common/money.ts';
import { formatWeight } from '#common/weight.ts';
import type { Route } from './+types/package';
import { packagesAction, packagesLoader } from './admin.server.ts';
import { RegisterPackageForm } from './register-package-form.tsx';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminPackages');
export const loader = (args: Route.LoaderArgs) => packagesLoader(args);
export const action = (args: Route.ActionArgs) => packagesAction(args);

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
