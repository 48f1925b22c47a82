import { Anchor, Button, Card, Group, Paper, Progress, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { DetailField } from '#app/components/detail-field.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { ExpiryNotice, ExpiryText, StoreRating } from '#app/components/store-status.tsx';
import { useT } from '#app/lib/use-t.ts';
import { storeSection, storeState } from '#common/enums/store.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { planName } from '#common/plan-text.ts';
import { formatNumber } from '#common/number-format.ts';
import type { Route } from './+types/home';
import { RenewalRequest } from './renewal-request.tsx';

type Home = NonNullable<Route.ComponentProps['loaderData']['home']>;

const USAGE = [
  ['products', 'maxProducts', 'store.products'],
  ['banners', 'maxBanners', 'store.banners'],
  ['pages', 'maxPages', 'store.pages'],
] as const;

const SCREENS: { path: string; label: MessageKey; text: MessageKey }[] = [
  { path: '/store/settings', label: 'nav.settings', text: 'store.settingsText' },
  { path: '/store/design', label: 'nav.design', text: 'store.designText' },
  { path: '/store/marketing', label: 'nav.marketing', text: 'store.marketingText' },
  { path: '/store/contact', label: 'nav.contact', text: 'store.contactText' },
  { path: '/store/analytics', label: 'nav.analytics', text: 'store.analyticsText' },
];

/** A link to the public storefront (it arrives with the storefront issue): a new tab, said out loud. */
export function StorefrontLink({ slug, origin }: { slug: string; origin: string }) {
  const t = useT();
  return (
    <Anchor href={`/shop/${slug}`} target="_blank" rel="noopener" data-testid="storefront-link" style={{ overflowWrap: 'anywhere' }}>
      {`${origin}/shop/${slug}`}
      <VisuallyHidden> {t('store.newTab')}</VisuallyHidden>
    </Anchor>
  );
}

/** `/store` with a store: the store at a glance, its plan's limits and usage, and its screens. */
export function StoreHomeView({ home, origin, plans }: { home: Home; origin: string; plans: { id: number; name: string }[] }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const sectionName = storeSection.is(home.section) ? t(storeSection.label(home.section)) : '';
  return (
    <>
      <PageHeader
        title={home.name}
        description={home.description || undefined}
        actions={
          <Button component="a" href={`/shop/${home.slug}`} target="_blank" rel="noopener" variant="light">
            {t('store.visit')}
            <VisuallyHidden> {t('store.newTab')}</VisuallyHidden>
          </Button>
        }
      />
      <Stack gap="md">
        <ExpiryNotice expiry={home.expiry} />
        <Group>
          <RenewalRequest plans={plans} currentPlan={home.plan && { id: home.plan.id, name: home.plan.name }} expired={home.expiry.status === 'expired'} />
        </Group>
        <Paper withBorder p="lg" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            <DetailField label={t('store.stateLabel')}>
              <StatusBadge of={storeState} value={home.state} />
            </DetailField>
            <DetailField label={t('store.rating')}>
              <StoreRating rating={home.rating} />
            </DetailField>
            <DetailField label={t('store.type')}>{sectionName || '—'}</DetailField>
            <DetailField label={t('store.plan')}>
              <span data-testid="store-plan">{home.plan ? planName(home.plan, locale) : t('store.noPlan')}</span>
            </DetailField>
            <DetailField label={t('store.expiration')}>
              <ExpiryText expiry={home.expiry} />
            </DetailField>
            <DetailField label={t('store.address')}>
              <span data-testid="store-slug">
                <StorefrontLink slug={home.slug} origin={origin} />
              </span>
            </DetailField>
          </SimpleGrid>
        </Paper>
        {home.plan ? (
          <Paper withBorder p="lg" radius="md">
            <Title order={2} fz="lg" mb="md">
              {t('store.limits')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" data-testid="store-usage">
              {USAGE.map(([kind, limit, label]) => {
                const used = home.usage[kind];
                const max = home.plan![limit];
                return (
                  <Stack key={kind} gap={6}>
                    <Text fw={600}>{t(label)}</Text>
                    <Text fz="sm">{t('store.usageOf', { used: formatNumber(used, locale), max: formatNumber(max, locale) })}</Text>
                    <Progress value={max > 0 ? Math.min(100, (used / max) * 100) : 0} aria-label={`${t(label)}: ${t('store.usageOf', { used: formatNumber(used, locale), max: formatNumber(max, locale) })}`} />
                  </Stack>
                );
              })}
            </SimpleGrid>
          </Paper>
        ) : null}
        <Title order={2} fz="lg" mt="sm">
          {t('store.manage')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {SCREENS.map((screen) => (
            <Card key={screen.path} component={Link} to={localizePath(screen.path, locale)} withBorder radius="md" padding="md">
              <Text fw={700} c="brand.9">
                {t(screen.label)}
              </Text>
              <Text fz="sm" c="dimmed">
                {t(screen.text)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </>
  );
}
