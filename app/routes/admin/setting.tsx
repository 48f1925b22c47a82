import { Paper, SimpleGrid, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { NumberField, TextField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { SettingsSchema } from '#common/schemas/setting.ts';
import type { Route } from './+types/setting';
import { settingsAction, settingsLoader } from './admin.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminSettings');
export const loader = (args: Route.LoaderArgs) => settingsLoader(args);
export const action = (args: Route.ActionArgs) => settingsAction(args);

const FIELDS = [
  ['name', 'admin.warehouseName'],
  ['line1', 'admin.line1'],
  ['line2', 'admin.line2'],
  ['city', 'admin.city'],
  ['state', 'admin.stateField'],
  ['zip', 'admin.zip'],
  ['country', 'admin.country'],
  ['phone', 'admin.phone'],
] as const;

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('page.adminSettings')} description={t('admin.settingsText')} />
      <Paper withBorder p="lg" radius="md" maw={760}>
        <RecordForm schema={SettingsSchema} submitLabel={t('profile.save')} initial={{ ...loaderData.warehouse, ratePerLb: loaderData.ratePerLbCents / 100 }}>
          <Title order={2} fz="md">
            {t('admin.warehouse')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map(([name, label]) => (
              <TextField key={name} name={name} label={label} />
            ))}
          </SimpleGrid>
          <NumberField name="ratePerLb" label="admin.ratePerLb" leftSection="$" maw={240} />
        </RecordForm>
      </Paper>
    </>
  );
}
