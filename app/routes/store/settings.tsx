import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { CopyValueButton } from '#app/components/copy-value-button.tsx';
import { Link, useLocation } from 'react-router';
import { SelectField, TextareaField, TextField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { storeSection } from '#common/enums/store.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { StoreSettingsSchema } from '#common/schemas/store.ts';
import type { Route } from './+types/settings';
import { storeSectionRoute } from './section.server.ts';

// The publish toggle is its own confirmed post (intent "publish"): the form below never changes it.
const route = storeSectionRoute('settings', {
  publish: ({ services, scope, values }) => services.stores.publishStore(scope, values.published === 'true'),
});
export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'nav.settings');
export const loader = (args: Route.LoaderArgs) => route.loader(args);
export const action = (args: Route.ActionArgs) => route.action(args);

export default function StoreSettings({ loaderData: { values, origin } }: Route.ComponentProps) {
  const t = useT();
  const address = `${origin}/shop/${values.slug}`;
  const locale = localeFromPath(useLocation().pathname);
  return (
    <>
      <PageHeader title={t('nav.settings')} description={t('store.settingsText')} />
      <Stack gap="md" maw={760}>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} fz="lg" mb="xs">
            {t('store.publishCard')}
          </Title>
          <Group justify="space-between" wrap="wrap">
            <Text data-testid="publish-state">{values.published ? t('store.publishedText') : t('store.unpublishedText')}</Text>
            <ConfirmButton
              intent="publish"
              fields={{ published: String(!values.published) }}
              label={values.published ? t('store.unpublish') : t('store.publish')}
              title={values.published ? t('store.unpublishTitle') : t('store.publishTitle')}
              message={values.published ? t('store.unpublishMessage') : t('store.publishMessage', { address })}
              confirmLabel={values.published ? t('store.unpublish') : t('store.publish')}
              color={values.published ? 'red' : 'brand'}
              variant={values.published ? 'light' : 'filled'}
              data-testid="publish-toggle"
            />
          </Group>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <TextInput
            label={t('store.address')}
            description={t('store.slugReadOnly')}
            value={address}
            readOnly
            data-testid="store-address"
            rightSection={<CopyValueButton value={address} copyLabel={t('store.copy')} copiedLabel={t('store.copied')} data-testid="copy-address" />}
          />
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <RecordForm schema={StoreSettingsSchema} submitLabel={t('store.save')} initial={values} failureMessage="store.updateFailed">
            <SelectField name="section" label="store.type" data={[{ value: '', label: '—' }, ...storeSection.values.map((value) => ({ value, label: t(storeSection.label(value)) }))]} />
            <TextField name="name" label="store.name" />
            <TextareaField name="description" label="store.description" autosize minRows={3} maxRows={8} />
          </RecordForm>
        </Paper>
        {/* The way to /store/delete, which asks for the slug and the password before anything goes. */}
        <Paper withBorder p="lg" radius="md" style={{ borderColor: 'var(--mantine-color-red-filled)' }}>
          <Group justify="space-between" wrap="wrap">
            <div>
              <Title order={2} fz="lg">
                {t('store.delete.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('store.delete.warningTitle')}
              </Text>
            </div>
            <Button component={Link} to={localizePath('/store/delete', locale)} color="red" variant="light" data-testid="go-delete-store">
              {t('store.delete.submit')}
            </Button>
          </Group>
        </Paper>
      </Stack>
    </>
  );
}
