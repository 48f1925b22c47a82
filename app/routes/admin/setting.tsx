import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { NumberField, TextareaField, TextField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { SettingsSchema, TermsTextSchema } from '#common/schemas/setting.ts';
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

// The admin's site settings (PRODUCT §2): the warehouse address and rate per pound, the maintenance
// switch and the terms text (issue 40, defect 11) — three forms, each answered on its own (`intent`).
export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('page.adminSettings')} description={t('admin.settingsText')} />
      <Stack maw={760} gap="lg">
        <MaintenanceCard on={loaderData.maintenance} forced={loaderData.maintenanceForced} />
        <Paper withBorder p="lg" radius="md">
          <RecordForm schema={SettingsSchema} intent="warehouse" submitLabel={t('profile.save')} initial={{ ...loaderData.warehouse, ratePerLb: loaderData.ratePerLbCents / 100 }}>
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
        <Paper withBorder p="lg" radius="md">
          <RecordForm schema={TermsTextSchema} intent="terms" submitLabel={t('siteSettings.terms.save')} initial={loaderData.terms} guardUnsaved={false}>
            <Title order={2} fz="md">
              {t('siteSettings.terms.title')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('siteSettings.terms.text')}
            </Text>
            <TextareaField name="es" label="siteSettings.terms.es" autosize minRows={4} maxRows={16} maxLength={30000} data-testid="terms-es" />
            <TextareaField name="en" label="siteSettings.terms.en" autosize minRows={4} maxRows={16} maxLength={30000} data-testid="terms-en" />
          </RecordForm>
        </Paper>
      </Stack>
    </>
  );
}

/** The maintenance switch: what it is now, and the other way behind a confirmation (it closes or opens the site to everyone). */
function MaintenanceCard({ on, forced }: { on: boolean; forced: boolean }) {
  const t = useT();
  const { notice } = useFormResult(undefined, 'maintenance');
  return (
    <Paper withBorder p="lg" radius="md" data-testid="maintenance-card">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="md">
          {t('siteSettings.maintenance.title')}
        </Title>
        <FormAlert notice={notice} />
        <Text fz="sm" data-testid="maintenance-state">
          {on ? t('siteSettings.maintenance.on') : t('siteSettings.maintenance.off')}
        </Text>
        {forced ? (
          <Text fz="sm" c="orange.9">
            {t('siteSettings.maintenance.forced')}
          </Text>
        ) : null}
        <ConfirmButton
          intent="maintenance"
          fields={{ on: on ? '0' : '1' }}
          label={on ? t('siteSettings.maintenance.turnOff') : t('siteSettings.maintenance.turnOn')}
          title={on ? t('siteSettings.maintenance.confirmOffTitle') : t('siteSettings.maintenance.confirmOnTitle')}
          message={on ? t('siteSettings.maintenance.confirmOff') : t('siteSettings.maintenance.confirmOn')}
          confirmLabel={on ? t('siteSettings.maintenance.turnOff') : t('siteSettings.maintenance.turnOn')}
          color={on ? 'brand' : 'red'}
          confirmColor={on ? 'brand' : 'red'}
          data-testid="maintenance-toggle"
        />
      </Stack>
    </Paper>
  );
}
