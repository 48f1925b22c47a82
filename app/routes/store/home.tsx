import { Badge, Group, Paper, SimpleGrid } from '@mantine/core';
import { DetailField } from '#app/components/detail-field.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import type { Route } from './+types/home';
import { storeHomeLoader } from './store.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'store.home');
export const loader = (args: Route.LoaderArgs) => storeHomeLoader(args);

/** The owner's store at a glance; settings, design and the rest come with issue 10. */
export default function StoreHome({ loaderData: { store } }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader title={store.name} description={store.description || undefined} />
      <Paper withBorder p="lg" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DetailField label={t('store.address')}>
            <span data-testid="store-slug">{`/shop/${store.slug}`}</span>
          </DetailField>
          <Group>
            <Badge variant="light" color={store.published ? 'green' : 'gray'}>
              {store.published ? t('store.published') : t('store.unpublished')}
            </Badge>
          </Group>
        </SimpleGrid>
      </Paper>
    </>
  );
}
