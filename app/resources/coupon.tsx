import { SimpleGrid } from '@mantine/core';
import { NumberField, SelectField, SwitchField, TextField } from '#app/components/form/fields.tsx';
import { DateField } from '#app/components/form/date-field.tsx';
import { NameLink, RowSwitchCell, type ResourceScreens } from '#app/components/resource/resource-screens.tsx';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { couponType, recordState } from '#common/enums/catalog.ts';
import { formatMoney } from '#common/money.ts';
import { formatNumber } from '#common/number-format.ts';
import { couponResource as coupon } from '#common/resources/coupon.ts';

type Coupon = { id: number; code: string; discountType: string; discount: number; minimumCents: number; expiresAt: string | null; usageLimit: number | null; timesUsed: number; enabled: boolean; updatedAt: string } & Record<string, unknown>;

/** Its last day in Ecuador (UTC−5), as the form's date field shows it. */
const lastDay = (expiresAt: string) => new Date(Date.parse(expiresAt) - 5 * 3_600_000).toISOString().slice(0, 10);

export const couponScreens = {
  resource: coupon,
  columns: (t, locale) => [
    { key: 'code', label: t('catalog.coupon.fields.code'), sort: 'code', render: (row) => <NameLink resource={coupon} row={row}>{row.code}</NameLink> },
    { key: 'discount', label: t('catalog.coupon.fields.discount'), render: (row) => (row.discountType === 'percentage' ? `${formatNumber(row.discount / 100, locale)} %` : formatMoney(row.discount, locale)) },
    { key: 'minimum', label: t('catalog.coupon.fields.minimum'), render: (row) => formatMoney(row.minimumCents, locale) },
    { key: 'expires', label: t('catalog.coupon.fields.expiresOn'), render: (row) => (row.expiresAt ? formatDate(`${lastDay(row.expiresAt)}T12:00:00Z`, locale) : '—') },
    { key: 'used', label: t('catalog.coupon.fields.timesUsed'), render: (row) => (row.usageLimit === null ? t('catalog.coupon.usedNoLimit', { count: row.timesUsed }) : t('catalog.coupon.used', { used: row.timesUsed, count: row.usageLimit })) },
    { key: 'state', label: t('catalog.state.label'), render: (row) => <RowSwitchCell resource={coupon} row={row} /> },
  ],
  status: recordState,
  Fields: function CouponFields() {
    const t = useT();
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField name="code" label="catalog.coupon.fields.code" autoCapitalize="characters" />
        <SelectField name="discountType" label="catalog.coupon.fields.discountType" data={couponType.values.map((value) => ({ value, label: t(couponType.label(value)) }))} />
        <NumberField name="discount" label="catalog.coupon.fields.discount" />
        <NumberField name="minimum" label="catalog.coupon.fields.minimum" />
        <DateField name="expiresOn" label="catalog.coupon.fields.expiresOn" />
        <NumberField name="usageLimit" label="catalog.coupon.fields.usageLimit" />
        <SwitchField name="enabled" label="catalog.coupon.fields.enabled" />
      </SimpleGrid>
    );
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
