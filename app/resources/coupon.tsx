import { Alert, Badge, Group, SimpleGrid } from '@mantine/core';
import { NumberField, SelectField, SwitchField, TextField } from '#app/components/form/fields.tsx';
import { DateField } from '#app/components/form/date-field.tsx';
import { NameLink, RowSwitchCell, type ResourceScreens } from '#app/components/resource/resource-screens.tsx';
import { useLocation } from 'react-router';
import { useT } from '#app/lib/use-t.ts';
import { localeFromPath } from '#common/locale.ts';
import { formatDate } from '#common/dates.ts';
import { couponType, recordState } from '#common/enums/catalog.ts';
import { formatMoney } from '#common/money.ts';
import { formatNumber } from '#common/number-format.ts';
import { couponResource as coupon } from '#common/resources/coupon.ts';

type Coupon = { id: number; code: string; discountType: string; discount: number; minimumCents: number; expiresAt: string | null; usageLimit: number | null; timesUsed: number; enabled: boolean; updatedAt: string } & Record<string, unknown>;

/** Its last day in Ecuador (UTC−5), as the form's date field shows it. */
const lastDay = (expiresAt: string) => new Date(Date.parse(expiresAt) - 5 * 3_600_000).toISOString().slice(0, 10);
/** Past the end of its last day: shoppers can no longer use it (issue 20 §3). */
const hasExpired = (row: Coupon) => row.expiresAt !== null && Date.parse(row.expiresAt) < Date.now();
const dayText = (day: string, locale: 'es' | 'en') => formatDate(`${day}T12:00:00Z`, locale);

function ExpiredBadge() {
  const t = useT();
  return (
    <Badge color="gray" variant="light" miw="max-content" data-status="expired">
      {t('catalog.coupon.expired')}
    </Badge>
  );
}

export const couponScreens = {
  resource: coupon,
  columns: (t, locale) => [
    { key: 'code', label: t('catalog.coupon.fields.code'), sort: 'code', render: (row) => <NameLink resource={coupon} row={row}>{row.code}</NameLink> },
    { key: 'discount', label: t('catalog.coupon.fields.discount'), render: (row) => (row.discountType === 'percentage' ? `${formatNumber(row.discount / 100, locale)} %` : formatMoney(row.discount, locale)) },
    { key: 'minimum', label: t('catalog.coupon.fields.minimum'), render: (row) => formatMoney(row.minimumCents, locale) },
    { key: 'expires', label: t('catalog.coupon.fields.expiresOn'), render: (row) => (row.expiresAt ? dayText(lastDay(row.expiresAt), locale) : '—') },
    { key: 'used', label: t('catalog.coupon.fields.timesUsed'), render: (row) => (row.usageLimit === null ? t('catalog.coupon.usedNoLimit', { count: row.timesUsed }) : t('catalog.coupon.used', { used: row.timesUsed, count: row.usageLimit })) },
    {
      key: 'state',
      label: t('catalog.state.label'),
      // "Activo" alone misled about a coupon whose date has passed: it says so beside the switch.
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <RowSwitchCell resource={coupon} row={row} />
          {hasExpired(row) ? <ExpiredBadge /> : null}
        </Group>
      ),
    },
  ],
  status: recordState,
  Fields: function CouponFields() {
    const t = useT();
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField name="code" label="catalog.coupon.fields.code" autoCapitalize="characters" />
        <SelectField name="discountType" label="catalog.coupon.fields.discountType" data={couponType.values.map((value) => ({ value, label: t(couponType.label(value)) }))} />
        <NumberField name="discount" label="catalog.coupon.fields.discount" moneyWhen={['discountType', 'fixed']} />
        <NumberField name="minimum" label="catalog.coupon.fields.minimum" />
        <DateField name="expiresOn" label="catalog.coupon.fields.expiresOn" />
        <NumberField name="usageLimit" label="catalog.coupon.fields.usageLimit" />
        <SwitchField name="enabled" label="catalog.coupon.fields.enabled" />
      </SimpleGrid>
    );
  },
  Above: function CouponState({ record }) {
    const t = useT();
    const locale = localeFromPath(useLocation().pathname);
    if (!hasExpired(record) || !record.expiresAt) return null;
    return (
      <Alert color="gray" variant="light" mb="md" maw={760} title={<ExpiredBadge />} data-testid="coupon-expired">
        {t('catalog.coupon.expiredOn', { date: dayText(lastDay(record.expiresAt), locale) })}
      </Alert>
    );
  },
  // Saving a coupon whose last day has passed is allowed (a record kept for history), but asked.
  confirmSave: (data, t, locale) => {
    const day = typeof data.expiresOn === 'string' ? data.expiresOn : null;
    if (!day || day >= lastDay(new Date().toISOString())) return null;
    return { title: String(t('catalog.coupon.pastTitle')), message: String(t('catalog.coupon.pastMessage', { date: dayText(day, locale) })), confirm: String(t('catalog.coupon.pastConfirm')) };
  },
  blank: { code: '', discountType: 'percentage', discount: '', minimum: 0, expiresOn: '', usageLimit: '', enabled: true },
  toForm: (row) => ({
    ...row,
    // basis points or cents: either way the form shows hundredths
    discount: row.discount / 100,
    minimum: row.minimumCents / 100,
    expiresOn: row.expiresAt ? lastDay(row.expiresAt) : '',
    usageLimit: row.usageLimit ?? '',
  }),
} satisfies ResourceScreens<Coupon>;
