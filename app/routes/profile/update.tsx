import { Button, Group, Paper, Stack } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Form } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { PageHeader } from '#app/components/page-header.tsx';
import { PersonalDataFields } from '#app/components/personal-data-fields.tsx';
import { ProfileNav } from '#app/components/profile-nav.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { ProfileSchema } from '#common/schemas/user.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/update';
import { profileLoader, updateProfileAction } from './profile.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.profileUpdate');
export const loader = (args: Route.LoaderArgs) => profileLoader(args);
export const action = (args: Route.ActionArgs) => updateProfileAction(args);

export default function UpdateProfile({ loaderData: { profile } }: Route.ComponentProps) {
  const t = useT();
  const { result, fieldError, formProps } = useFormResult(ProfileSchema);
  const busy = useSending();
  return (
    <>
      <PageHeader title={t('page.profileUpdate')} />
      <ProfileNav />
      <Paper withBorder p="lg" radius="md" maw={760}>
        <Form method="post" noValidate {...formProps}>
          <Stack gap="md">
            <PersonalDataFields values={{ ...profile, ...result?.values }} error={fieldError} />
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
