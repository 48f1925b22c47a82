import { Badge, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { useSearchParams } from 'react-router';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { ProfileNav } from '#app/components/profile-nav.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/show';
import { profileLoader } from './profile.server.ts';
import { DetailField } from '#app/components/detail-field.tsx';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.profile');
export const loader = (args: Route.LoaderArgs) => profileLoader(args);

export default function Profile({ loaderData: { profile } }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title={t('page.profile')} />
      <ProfileNav />
      <FormAlert notice={params.get('notice') === 'updated' ? t('record.updated') : undefined} />
      <Stack gap="md" mt="md">
        <Paper withBorder p="lg" radius="md">
          <Group justify="space-between" mb="md">
            <Title order={2} fz="lg">
              {profile.name} {profile.lastname}
            </Title>
            <Badge size="lg" variant="light" data-testid="locker-code">
              {t('profile.lockerCode')}: {profile.lockerCode}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <DetailField label={t('profile.email')}>{profile.email || '—'}</DetailField>
            <DetailField label={t('profile.document')}>{`${t(`auth.${profile.documentType}`)} ${profile.documentNumber}`}</DetailField>
            <DetailField label={t('auth.phone')}>{profile.phone || '—'}</DetailField>
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} fz="lg" mb="md">
            {t('auth.locationSection')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <DetailField label={t('auth.address')}>{profile.address || '—'}</DetailField>
            <DetailField label={t('auth.city')}>{profile.city || '—'}</DetailField>
            <DetailField label={t('auth.state')}>{profile.state || '—'}</DetailField>
            <DetailField label={t('auth.country')}>{profile.country || '—'}</DetailField>
            <DetailField label={t('auth.zip')}>{profile.zip || '—'}</DetailField>
          </SimpleGrid>
        </Paper>
      </Stack>
    </>
  );
}
