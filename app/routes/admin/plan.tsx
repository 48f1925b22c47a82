import { Badge, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { FormDialog } from '#app/components/form-dialog.tsx';
import { NumberField, SwitchField, TextareaField, TextField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { DataTable } from '#app/components/list/data-table.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import { planFeatures, planName } from '#common/plan-text.ts';
import { PlanInputSchema } from '#common/schemas/plan.ts';
import type { Route } from './+types/plan';
import { plansAction, plansLoader } from './plan.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminPlans');
export const loader = (args: Route.LoaderArgs) => plansLoader(args);
export const action = (args: Route.ActionArgs) => plansAction(args);

type PlanRow = Route.ComponentProps['loaderData']['rows'][number];

/** The plan's form, new or edited: limits as numbers in the page's language, features one per line. */
function PlanForm({ plan }: { plan: PlanRow | null }) {
  const t = useT();
  const initial = plan
    ? {
        name: plan.name,
        nameEn: plan.nameEn,
        price: plan.priceCents / 100,
        maxProducts: plan.maxProducts,
        maxBanners: plan.maxBanners,
        maxPages: plan.maxPages,
        features: plan.features.join('\n'),
        featuresEn: plan.featuresEn.join('\n'),
        isDefault: plan.isDefault,
      }
    : { price: 0, maxProducts: 50, maxBanners: 3, maxPages: 5, isDefault: false };
  return (
    <RecordForm schema={PlanInputSchema} intent={plan ? 'update' : 'create'} submitLabel={t('plan.save')} initial={initial}>
      {plan ? <input type="hidden" name="id" value={plan.id} /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField name="name" label="plan.fields.name" lang="es" />
        <TextField name="nameEn" label="plan.fields.nameEn" lang="en" />
      </SimpleGrid>
      <NumberField name="price" label="plan.fields.price" leftSection="$" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ alignItems: 'end' }}>
        <NumberField name="maxProducts" label="plan.fields.maxProducts" />
        <NumberField name="maxBanners" label="plan.fields.maxBanners" />
        <NumberField name="maxPages" label="plan.fields.maxPages" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextareaField name="features" label="plan.fields.features" lang="es" autosize minRows={3} maxRows={10} />
        <TextareaField name="featuresEn" label="plan.fields.featuresEn" lang="en" autosize minRows={3} maxRows={10} />
      </SimpleGrid>
      <SwitchField name="isDefault" label="plan.fields.isDefault" description={t('plan.defaultHint')} />
    </RecordForm>
  );
}

export default function AdminPlans({ loaderData: { rows, editing, creating } }: Route.ComponentProps) {
  const t = useT();
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const navigate = useNavigate();
  const { formError, notice } = useFormResult();
  const base = localizePath('/admin/plan', locale);
  const opened = Boolean(editing) || creating;
  const close = () => void navigate(base, { preventScrollReset: true });
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t('plan.title')}
        description={t('plan.text')}
        actions={
          <Button component={Link} to={`${base}?new=1`} preventScrollReset data-testid="new-plan">
            {t('plan.new')}
          </Button>
        }
      />
      {opened ? null : <FormAlert error={formError} notice={notice} />}
      <DataTable
        caption={t('plan.title')}
        rows={rows}
        rowKey={(plan) => plan.id}
        rowTestId={(plan) => `plan-row-${plan.name}`}
        sort=""
        dir="asc"
        columns={[
          {
            key: 'name',
            label: t('plan.fields.name'),
            render: (plan) => (
              <Group gap="xs" wrap="nowrap">
                <Text fw={700} fz="sm">{planName(plan, locale)}</Text>
                {plan.isDefault ? <Badge variant="light" color="brand" miw="max-content" data-testid="default-badge">{t('plan.default')}</Badge> : null}
              </Group>
            ),
          },
          { key: 'price', label: t('plan.fields.price'), align: 'right', render: (plan) => <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>{plan.priceCents === 0 ? t('plan.free') : t('plan.perMonth', { price: formatMoney(plan.priceCents, locale) })}</Text> },
          {
            key: 'limits',
            label: t('plan.fields.limits'),
            render: (plan) => (
              <Text fz="sm">
                {t('plan.limitsValue', { products: t('plan.limitCount.products', { count: plan.maxProducts }), banners: t('plan.limitCount.banners', { count: plan.maxBanners }), pages: t('plan.limitCount.pages', { count: plan.maxPages }) })}
              </Text>
            ),
          },
          {
            key: 'features',
            label: t('plan.fields.featureList'),
            render: (plan) =>
              planFeatures(plan, locale).length ? (
                <List size="sm" spacing={2}>
                  {planFeatures(plan, locale).map((feature) => <List.Item key={feature}>{feature}</List.Item>)}
                </List>
              ) : (
                <Text fz="sm" c="dimmed">{t('plan.noFeatures')}</Text>
              ),
          },
          { key: 'stores', label: t('plan.fields.stores'), align: 'right', render: (plan) => <Text fz="sm" style={{ whiteSpace: 'nowrap' }} data-testid="plan-stores">{t('plan.storesCount', { count: plan.stores })}</Text> },
          {
            key: 'actions',
            label: t('plan.actions'),
            card: 'action',
            hideLabel: true,
            render: (plan) => (
              <Stack gap={4} align="flex-start">
                <Group gap="xs" wrap="nowrap">
                  <Button component={Link} to={`${base}?edit=${plan.id}`} preventScrollReset size="compact-sm" variant="light" aria-label={t('plan.editNamed', { name: planName(plan, locale) })} data-testid={`edit-${plan.name}`}>
                    {t('plan.edit')}
                  </Button>
                  {plan.isDefault || plan.stores > 0 ? null : (
                    <ConfirmButton
                      size="compact-sm"
                      intent="delete"
                      fields={{ id: String(plan.id) }}
                      label={t('plan.delete')}
                      aria-label={t('plan.deleteTitle', { name: planName(plan, locale) })}
                      title={t('plan.deleteTitle', { name: planName(plan, locale) })}
                      message={t('plan.deleteMessage')}
                      confirmLabel={t('plan.confirmDelete')}
                      data-testid={`delete-${plan.name}`}
                    />
                  )}
                </Group>
                {plan.isDefault || plan.stores > 0 ? <Text fz="xs" c="dimmed">{t('plan.notDeletableHint')}</Text> : null}
              </Stack>
            ),
          },
        ]}
      />
      <FormDialog opened={opened} onClose={close} title={editing ? t('plan.editNamed', { name: planName(editing, locale) }) : t('plan.new')}>
        <PlanForm key={editing?.id ?? 'new'} plan={editing} />
      </FormDialog>
    </>
  );
}
