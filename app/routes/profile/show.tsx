import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { useSearchParams } from 'react-router';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { ProfileNav } from '#app/components/profile-nav.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/show';
import { profileLoader } from './profile.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.profile');
export const loader = (args: Route.LoaderArgs) => profileLoader(args);

function Item({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Text>
    </Stack>
  );
}

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
            <Item label={t('profile.email')} value={profile.email} />
            <Item label={t('profile.document')} value={`${t(`auth.${profile.documentType}`)} ${profile.documentNumber}`} />
            <Item label={t('auth.phone')} value={profile.phone} />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} fz="lg" mb="md">
            {t('auth.locationSection')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <Item label={t('auth.address')} value={profile.address} />
            <Item label={t('auth.city')} value={profile.city} />
            <Item label={t('auth.state')} value={profile.state} />
            <Item label={t('auth.country')} value={profile.country} />
            <Item label={t('auth.zip')} value={profile.zip} />
          </SimpleGrid>
        </Paper>
      </Stack>
    </>
  );
}
