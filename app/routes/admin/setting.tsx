import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Form, useNavigation } from 'react-router';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
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
  const { result, fieldError, notice } = useFormResult();
  const busy = useNavigation().state === 'submitting';
  const values: Record<string, string | undefined> = { ...loaderData.warehouse, ...result?.values };
  return (
    <>
      <PageHeader title={t('page.adminSettings')} description={t('admin.settingsText')} />
      <Paper withBorder p="lg" radius="md" maw={760}>
        <FormAlert notice={notice} />
        <Form method="post" noValidate>
          <Stack gap="md" mt="sm">
            <Title order={2} fz="md">
              {t('admin.warehouse')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {FIELDS.map(([name, label]) => (
                <TextInput key={name} name={name} label={t(label)} defaultValue={values[name]} error={fieldError(name)} required={name !== 'line2' && name !== 'phone'} />
              ))}
            </SimpleGrid>
            <NumberInput name="ratePerLb" label={t('admin.ratePerLb')} defaultValue={result?.values?.ratePerLb ?? loaderData.ratePerLbCents / 100} error={fieldError('ratePerLb')} min={0} decimalScale={2} leftSection="$" maw={240} required />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {t('profile.save')}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
    </>
  );
}
