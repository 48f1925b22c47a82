import { Anchor, Badge, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { ListScreen } from '#app/components/list/list-screen.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { StoreExpiry } from '#app/components/store-expiry.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { planName } from '#common/plan-text.ts';
import type { Route } from './+types/store';
import { storesLoader } from './plan.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminStores');
export const loader = (args: Route.LoaderArgs) => storesLoader(args);

/** Every store for staff and admins: search by store or owner, filters by plan, published and expired. */
export default function AdminStores({ loaderData: { query, page, plans, now } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const yesNo = [
    { value: 'yes', label: t('plan.stores.yes') },
    { value: 'no', label: t('plan.stores.no') },
  ];
  return (
    <>
      <PageHeader title={t('plan.stores.title')} description={t('plan.stores.text')} />
      <ListScreen
        query={query}
        page={page}
        caption={t('plan.stores.title')}
        rowTestId={(row) => `store-row-${row.slug}`}
        filters={[
          { name: 'plan', label: t('plan.stores.plan'), value: query.filters.plan, options: plans.map((plan) => ({ value: String(plan.id), label: planName(plan, locale) })) },
          { name: 'published', label: t('plan.stores.published'), value: query.filters.published, options: yesNo },
          { name: 'expired', label: t('plan.stores.expiredFilter'), value: query.filters.expired, options: [{ value: 'yes', label: t('plan.stores.expired') }, { value: 'no', label: t('plan.stores.notExpired') }] },
        ]}
        columns={[
          {
            key: 'name',
            label: t('plan.stores.store'),
            sort: 'name',
            render: (row) => (
              <Anchor component={Link} to={`${localizePath('/admin/store/show', locale)}?id=${row.id}`} fw={600} fz="sm" aria-label={t('plan.stores.open', { name: row.name })}>
                {row.name}
              </Anchor>
            ),
          },
          { key: 'slug', label: t('plan.stores.address'), render: (row) => <Text fz="sm" ff="monospace">/shop/{row.slug}</Text> },
          {
            key: 'owner',
            label: t('plan.stores.owner'),
            render: (row) => (
              <Anchor component={Link} to={`${localizePath('/admin/client/show', locale)}?id=${row.ownerId}`} fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {`${row.ownerLocker ?? ''} · ${row.ownerName} ${row.ownerLastname}`}
              </Anchor>
            ),
          },
          { key: 'plan', label: t('plan.stores.plan'), render: (row) => (row.planName === null ? t('plan.stores.noPlan') : planName({ name: row.planName, nameEn: row.planNameEn }, locale)) },
          { key: 'expires', label: t('plan.stores.expiration'), sort: 'expires', render: (row) => <StoreExpiry expiresAt={row.expiresAt} now={now} locale={locale} /> },
          {
            key: 'status',
            label: t('plan.stores.published'),
            render: (row) => <Badge color={row.published ? 'brand' : 'gray'} variant="light" miw="max-content">{row.published ? t('plan.stores.published') : t('plan.stores.draft')}</Badge>,
          },
        ]}
      />
    </>
  );
}
