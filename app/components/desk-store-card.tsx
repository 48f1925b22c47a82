import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { DetailField } from '#app/components/detail-field.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { ExpiryNotice, ExpiryText, type ExpiryView, StoreRating } from '#app/components/store-status.tsx';
import { useT } from '#app/lib/use-t.ts';
import { storeState } from '#common/enums/store.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { planName } from '#common/plan-text.ts';

export type DeskStore = { slug: string; name: string; published: boolean; rating: number; planName: string | null; planNameEn: string | null; expiry: ExpiryView; state: 'published' | 'unpublished' | 'expired' };

/** The desk's store card (issue 10 §9): the store at a glance, or a call to open one. */
export function DeskStoreCard({ store, origin }: { store: DeskStore | null; origin: string }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const home = localizePath('/store', locale);
  if (!store) {
    return (
      <Paper withBorder p="lg" radius="md" mt="md" data-testid="desk-store">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={4}>
            <Title order={2} fz="lg">
              {t('store.deskTitle')}
            </Title>
            <Text c="dimmed">{t('store.deskCreateText')}</Text>
          </Stack>
          <Button component={Link} to={home} data-testid="desk-open-store">
            {t('store.create')}
          </Button>
        </Group>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="lg" radius="md" mt="md" data-testid="desk-store">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz="lg">
          {store.name}
        </Title>
        <Anchor component={Link} to={home} fz="sm" data-testid="desk-store-home">
          {t('store.manage')}
        </Anchor>
      </Group>
      <Stack gap="sm">
        <ExpiryNotice expiry={store.expiry} />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <DetailField label={t('store.stateLabel')}>
            <StatusBadge of={storeState} value={store.state} />
          </DetailField>
          <DetailField label={t('store.plan')}>{store.planName === null ? t('store.noPlan') : planName({ name: store.planName, nameEn: store.planNameEn }, locale)}</DetailField>
          <DetailField label={t('store.expiration')}>
            <ExpiryText expiry={store.expiry} />
          </DetailField>
          <DetailField label={t('store.rating')}>
            <StoreRating rating={store.rating} />
          </DetailField>
        </SimpleGrid>
        <DetailField label={t('store.address')}>
          <Anchor href={`/shop/${store.slug}`} target="_blank" rel="noopener" style={{ overflowWrap: 'anywhere' }}>
            {`${origin}/shop/${store.slug}`}
            <VisuallyHidden> {t('store.newTab')}</VisuallyHidden>
          </Anchor>
        </DetailField>
      </Stack>
    </Paper>
  );
}
