import { List, Stack, Text, TextInput } from '@mantine/core';
import { DangerZoneForm } from '#app/components/danger-zone-form.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import type { Route } from './+types/delete';
import { storeDeleteAction, storeDeleteLoader } from './delete.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'store.delete.title');
export const loader = (args: Route.LoaderArgs) => storeDeleteLoader(args);
export const action = (args: Route.ActionArgs) => storeDeleteAction(args);

const GOES = ['settings', 'catalog', 'content', 'sales', 'plan', 'address'] as const;

/** `/store/delete`: what goes, then the store's slug and the password, then one more question. */
export default function DeleteStore({ loaderData: { store } }: Route.ComponentProps) {
  const t = useT();
  const form = useFormResult();
  return (
    <>
      <PageHeader title={t('store.delete.title')} />
      <DangerZoneForm
        form={form}
        checkFirst
        texts={{
          warningTitle: t('store.delete.warningTitle'),
          warning: (
            <Stack gap="xs">
              <Text size="sm">{t('store.delete.warning')}</Text>
              <List size="sm" spacing={4}>
                {GOES.map((item) => (
                  <List.Item key={item}>{t(`store.delete.goes.${item}`)}</List.Item>
                ))}
              </List>
              <Text size="sm">{t('store.delete.accountStays')}</Text>
            </Stack>
          ),
          passwordLabel: t('store.delete.passwordLabel'),
          submit: t('store.delete.submit'),
          confirmTitle: t('store.delete.confirmTitle'),
          confirmText: t('store.delete.confirmText', { name: store.name }),
          confirm: t('store.delete.confirm'),
          cancel: t('store.delete.cancel'),
        }}
      >
        <TextInput
          name="slug"
          label={t('store.delete.slugLabel', { slug: store.slug })}
          defaultValue={form.value('slug')}
          error={form.fieldError('slug')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          data-testid="delete-slug"
        />
      </DangerZoneForm>
    </>
  );
}
