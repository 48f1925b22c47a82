import { Alert, Anchor, Badge, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { DetailField } from '#app/components/detail-field.tsx';
import { DateField } from '#app/components/form/date-field.tsx';
import { SelectField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { StoreExpiry } from '#app/components/store-expiry.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { storeSection } from '#common/enums/store.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { planName } from '#common/plan-text.ts';
import { formatNumber } from '#common/number-format.ts';
import { StorePlanSchema } from '#common/schemas/plan.ts';
import type { Route } from './+types/store-show';
import { storeShowAction, storeShowLoader } from './plan.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminStoreShow');
export const loader = (args: Route.LoaderArgs) => storeShowLoader(args);
export const action = (args: Route.ActionArgs) => storeShowAction(args);

/** The day an expiration falls on in Ecuador (UTC−5), as a date field shows it. */
const dateInEcuador = (iso: string) => new Date(Date.parse(iso) - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** One store for staff (with links to its owner); the admin also changes its plan and expiration. */
export default function AdminStoreShow({ loaderData: { store, isAdmin, plans, now } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const owner = `${store.ownerName} ${store.ownerLastname}`;
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t('plan.stores.detail', { name: store.name })}
        description={`/shop/${store.slug}`}
        actions={
          <Button component={Link} to={localizePath('/admin/store', locale)} variant="default">
            {t('plan.stores.back')}
          </Button>
        }
      />
      <Stack gap="lg">
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="store-data">
          <Title order={2} fz="lg" mb="md" id="store-data">{t('plan.stores.data')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <DetailField label={t('plan.stores.store')}>{store.name}</DetailField>
            <DetailField label={t('plan.stores.storefront')}><Text ff="monospace" fz="sm">/shop/{store.slug}</Text></DetailField>
            <DetailField label={t('plan.stores.section')}>{store.section && storeSection.values.includes(store.section as never) ? t(storeSection.label(store.section as never)) : '—'}</DetailField>
            <DetailField label={t('plan.stores.published')}>
              <Badge color={store.published ? 'brand' : 'gray'} variant="light" miw="max-content">{store.published ? t('plan.stores.published') : t('plan.stores.draft')}</Badge>
            </DetailField>
            <DetailField label={t('plan.stores.rating')}>{formatNumber(store.rating, locale, 1)}</DetailField>
            <DetailField label={t('plan.stores.createdAt')}>{formatDate(store.createdAt, locale)}</DetailField>
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="store-owner">
          <Title order={2} fz="lg" mb="md" id="store-owner">{t('plan.stores.ownerData')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <DetailField label={t('plan.stores.owner')}>
              <Anchor component={Link} to={`${localizePath('/admin/client/show', locale)}?id=${store.ownerId}`} data-testid="owner-link">
                {owner}
              </Anchor>
            </DetailField>
            <DetailField label={t('profile.lockerCode')}>{store.ownerLocker ?? '—'}</DetailField>
            <DetailField label={t('profile.email')}>{store.ownerEmail}</DetailField>
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="store-plan">
          <Title order={2} fz="lg" mb="md" id="store-plan">{t('plan.stores.planData')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" mb="md">
            <DetailField label={t('plan.stores.plan')}>{store.planName === null ? t('plan.stores.noPlan') : planName({ name: store.planName, nameEn: store.planNameEn }, locale)}</DetailField>
            <DetailField label={t('plan.stores.expiration')}><StoreExpiry expiresAt={store.expiresAt} now={now} locale={locale} /></DetailField>
            <DetailField label={t('plan.stores.limits')}>
              {store.maxProducts === null
                ? '—'
                : t('plan.limitsValue', { products: t('plan.limitCount.products', { count: store.maxProducts }), banners: t('plan.limitCount.banners', { count: store.maxBanners ?? 0 }), pages: t('plan.limitCount.pages', { count: store.maxPages ?? 0 }) })}
            </DetailField>
          </SimpleGrid>
          {isAdmin ? (
            <Stack gap="xs" data-testid="set-plan">
              <Title order={3} fz="md">{t('plan.stores.setPlan')}</Title>
              <Text fz="sm" c="dimmed">{t('plan.stores.setPlanText')}</Text>
              <RecordForm schema={StorePlanSchema} submitLabel={t('plan.stores.save')} initial={{ planId: store.planId ? String(store.planId) : '', expiresAt: store.expiresAt ? dateInEcuador(store.expiresAt) : '' }}>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <SelectField name="planId" label="plan.stores.plan" data={[{ value: '', label: '—' }, ...plans.map((plan) => ({ value: String(plan.id), label: planName(plan, locale) }))]} />
                  <DateField name="expiresAt" label="plan.stores.expiresOn" />
                </SimpleGrid>
              </RecordForm>
            </Stack>
          ) : (
            <Alert variant="light" color="gray" data-testid="read-only">{t('plan.stores.readOnly')}</Alert>
          )}
        </Paper>
      </Stack>
    </>
  );
}
