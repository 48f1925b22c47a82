import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { GalleryField } from '#app/components/form/gallery-field.tsx';
import { CustomField, NumberField, SelectField, SwitchField, TextareaField, TextField } from '#app/components/form/fields.tsx';
import { RichTextField } from '#app/components/form/rich-text-field.tsx';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { ClassificationFields, PricePreview, StockCell, VariantStock } from './product-form-parts.tsx';
import { DataTable } from '#app/components/list/data-table.tsx';
import { EnabledBadge, NameLink, RowSwitchCell, type ResourceScreens } from '#app/components/resource/resource-screens.tsx';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { featuredState, productType, productUnit, recordState, stockState } from '#common/enums/catalog.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import { formatNumber } from '#common/number-format.ts';
import type { FormOptions } from '#common/resource.ts';
import { productResource as product, variantResource as variant } from '#common/resources/product.ts';
import { DEFAULT_IVA_CODE } from '#common/iva.ts';
import { ivaOptions } from '#app/lib/iva-options.ts';
import { Thumbnail } from '#app/components/resource/thumbnail.tsx';
import cell from '#app/components/list/cell.module.css';

type Product = {
  id: number; name: string; slug: string; sku: string; code: string; stock: number; variantCount: number; priceCents: number; compareAtCents: number | null; discountBp: number; ivaCode: string;
  categoryName?: string;
  brandName?: string;
  enabled: boolean; featured: boolean; updatedAt: string; weightGrams: number | null; keywords: string; imageIds: string[]; images: { id: string; url: string }[];
} & Record<string, unknown>;
type Variant = { id: number; name: string; sku: string; priceCents: number; stock: number; enabled: number | boolean };

/** A select of the store's records; an optional one starts with "none". */
function RefSelect({ name, options, optional = true }: { name: keyof typeof product.input.shape; options: FormOptions; optional?: boolean }) {
  const t = useT();
  const data = [{ value: '', label: optional ? t('catalog.product.none') : '—' }, ...(options[name] ?? [])];
  return <SelectField name={name} label={`catalog.product.fields.${name}` as never} data={data} />;
}

/** Keywords as chips; the form sends them comma-separated, as the table keeps them. */
function KeywordsField() {
  const t = useT();
  return (
    <CustomField name="keywords">
      {(field) => <Keywords initial={typeof field.value === 'string' ? field.value : ''} name={field.inputProps.name} error={field.inputProps.error} label={t('catalog.product.fields.keywords')} hint={t('catalog.product.keywordsHint')} onChange={() => field.recheck()} />}
    </CustomField>
  );
}

function Keywords({ initial, name, error, label, hint, onChange }: { initial: string; name: string; error?: React.ReactNode; label: string; hint: string; onChange: () => void }) {
  const [words, setWords] = useState(() => initial.split(',').map((word) => word.trim()).filter(Boolean));
  return (
    <TagsInput
      label={label}
      description={hint}
      value={words}
      onChange={(next) => {
        setWords(next);
        onChange();
      }}
      name={name}
      error={error}
      splitChars={[',', ';']}
      clearable
    />
  );
}

const percent = (basisPoints: number) => basisPoints / 100;

export const productScreens = {
  resource: product,
  columns: (t, locale) => [
    { key: 'name', label: t('catalog.product.fields.name'), sort: 'name', render: (row) => <NameLink resource={product} row={row}>{row.name}</NameLink> },
    { key: 'image', label: t('catalog.product.gallery.thumbnail'), render: (row) => <Thumbnail url={row.images[0]?.url} /> },
    { key: 'sku', label: t('catalog.product.fields.sku'), render: (row) => row.sku || '—' },
    { key: 'category', label: t('catalog.product.fields.categoryId'), sort: 'category', render: (row) => row.categoryName ?? '' },
    { key: 'brand', label: t('catalog.product.fields.brandId'), sort: 'brand', render: (row) => row.brandName || '—' },
    {
      key: 'price',
      label: t('catalog.product.fields.price'),
      sort: 'price',
      render: (row) => (
        <span className={cell.lines}>
          <span>{formatMoney(row.priceCents, locale)}</span>
          {row.compareAtCents !== null ? <s className={cell.dimmed}>{formatMoney(row.compareAtCents, locale)}</s> : null}
        </span>
      ),
    },
    { key: 'stock', label: t('catalog.product.fields.stockShort'), sort: 'stock', render: (row) => <StockCell row={row} locale={locale} /> },
    { key: 'featured', label: t('catalog.product.fields.featured'), render: (row) => <RowSwitchCell resource={product} row={row} field="featured" label={t('catalog.product.fields.featured')} on="feature" off="unfeature" /> },
    { key: 'updated', label: t('catalog.product.fields.updated'), sort: 'updated', render: (row) => formatDate(row.updatedAt, locale) },
    { key: 'state', label: t('catalog.state.label'), render: (row) => <RowSwitchCell resource={product} row={row} /> },
  ],
  listFields: ['images', 'sku', 'categoryName', 'brandName', 'priceCents', 'compareAtCents', 'stock', 'variantCount', 'featured', 'updatedAt', 'enabled'],
  status: recordState,
  ListActions: function ProductListActions() {
    const t = useT();
    const locale = localeFromPath(useLocation().pathname);
    return (
      <Button component={Link} to={localizePath('/catalog/product/import', locale)} variant="default" data-testid="product-csv">
        {t('catalog.product.import')}
      </Button>
    );
  },
  filters: { stock: { of: stockState, label: 'catalog.product.stockState.label' }, featured: { of: featuredState, label: 'catalog.product.featuredState.label' } },
  refFilters: { category: { label: 'catalog.product.fields.categoryId', options: 'categoryId' }, brand: { label: 'catalog.product.fields.brandId', options: 'brandId' } },
  RecordButtons: function ProductButtons({ record }) {
    const t = useT();
    const locale = localeFromPath(useLocation().pathname);
    return (
      <ConfirmButton
        intent="duplicate"
        action={`${localizePath(`${product.path}/duplicate`, locale)}?id=${record.id}`}
        label={t('catalog.product.duplicate.action')}
        title={t('catalog.product.duplicate.title')}
        message={t('catalog.product.duplicate.message')}
        confirmLabel={t('catalog.product.duplicate.confirm')}
        color="brand"
        variant="default"
        confirmColor="brand"
        data-testid="duplicate-product"
      />
    );
  },
  Fields: function ProductFields({ options, record }) {
    const t = useT();
    const locale = localeFromPath(useLocation().pathname);
    const hasVariants = (record?.variantCount ?? 0) > 0;
    const section = (key: 'basics' | 'pricing' | 'classification' | 'content') => (
      <Title order={2} fz="h5" mt="sm">
        {t(`catalog.product.sections.${key}`)}
      </Title>
    );
    return (
      <Stack gap="sm">
        {section('basics')}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField name="name" label="catalog.product.fields.name" />
          <TextField name="slug" label="catalog.product.fields.slug" />
          <TextField name="sku" label="catalog.product.fields.sku" />
          <TextField name="code" label="catalog.product.fields.code" />
        </SimpleGrid>
        <RichTextField name="description" label="catalog.product.fields.description" />
        <GalleryField saved={record?.imageIds ?? []} />
        {section('pricing')}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberField name="price" label="catalog.product.fields.price" />
          <NumberField name="compareAtPrice" label="catalog.product.compareAtLabel" description={t('catalog.product.compareAtHint')} />
          <NumberField name="discount" label="catalog.product.fields.discount" />
          <SelectField name="ivaCode" label="catalog.product.fields.ivaCode" description={t('iva.productHint')} data={ivaOptions(t)} />
          {hasVariants && record ? <VariantStock stock={record.stock} locale={locale} /> : <NumberField name="stock" label="catalog.product.fields.stock" />}
          <NumberField name="weightGrams" label="catalog.product.fields.weightGrams" />
          <SelectField name="unit" label="catalog.product.fields.unit" data={productUnit.values.map((value) => ({ value, label: t(productUnit.label(value)) }))} />
          <SelectField name="type" label="catalog.product.fields.type" data={productType.values.map((value) => ({ value, label: t(productType.label(value)) }))} />
          <NumberField name="priority" label="catalog.product.fields.priority" />
        </SimpleGrid>
        <PricePreview locale={locale} />
        {section('classification')}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ClassificationFields options={options} />
          <RefSelect name="colorId" options={options} />
          <RefSelect name="sizeId" options={options} />
        </SimpleGrid>
        <KeywordsField />
        {section('content')}
        <TextareaField name="content" label="catalog.product.fields.content" autosize minRows={4} maxRows={16} />
        <Group>
          <SwitchField name="enabled" label="catalog.product.fields.enabled" />
          <SwitchField name="featured" label="catalog.product.fields.featured" />
        </Group>
      </Stack>
    );
  },
  blank: { name: '', slug: '', description: '', code: '', sku: '', categoryId: '', subcategoryId: '', brandId: '', colorId: '', sizeId: '', priority: 0, keywords: '', content: '', unit: 'standard', type: 'piece', stock: 0, weightGrams: '', price: '', compareAtPrice: '', discount: 0, ivaCode: DEFAULT_IVA_CODE, enabled: true, featured: false, imageIds: '' },
  // Cents and basis points as the form types them: dollars and percentages.
  toForm: (row) => ({ ...row, price: row.priceCents / 100, compareAtPrice: row.compareAtCents === null ? '' : row.compareAtCents / 100, discount: percent(row.discountBp), weightGrams: row.weightGrams ?? '', subcategoryId: row.subcategoryId ?? '', brandId: row.brandId ?? '', colorId: row.colorId ?? '', sizeId: row.sizeId ?? '' }),
  Below: function ProductVariants({ record, related }) {
    const t = useT();
    const locale = localeFromPath(useLocation().pathname);
    const variants = (related ?? []) as Variant[];
    const showVariant = (id: number) => `${localizePath(`${variant.path}/show`, locale)}?id=${id}`;
    return (
      <Paper withBorder p="lg" radius="md" maw={760} mt="lg" data-testid="product-variants">
        <Group justify="space-between" mb="sm">
          <Stack gap={2}>
            <Title order={2} fz="h4">
              {t('catalog.product.variantsTitle')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('catalog.product.variantsHint')}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button component={Link} to={`${localizePath(`${product.path}/variants`, locale)}?id=${record.id}`} data-testid="variant-grid-link">
              {t('catalog.variantGrid.open')}
            </Button>
            <Button component={Link} to={`${localizePath(`${variant.path}/new`, locale)}?productId=${record.id}`} variant="light" data-testid="new-variant">
              {t('catalog.product.newVariant')}
            </Button>
          </Group>
        </Group>
        {variants.length === 0 ? (
          <Text>{t('catalog.product.noVariants')}</Text>
        ) : (
          <>
            <DataTable
              caption={t('catalog.product.variantsTitle')}
              rows={variants}
              rowKey={(row) => row.id}
              sort=""
              dir="asc"
              columns={[
                { key: 'name', label: t('catalog.variant.fields.name'), render: (row) => <Anchor component={Link} to={showVariant(row.id)} fw={600}>{row.name}</Anchor> },
                { key: 'sku', label: t('catalog.variant.fields.sku'), render: (row) => row.sku || '—' },
                { key: 'price', label: t('catalog.variant.fields.price'), render: (row) => formatMoney(row.priceCents, locale) },
                { key: 'stock', label: t('catalog.variant.fields.stock'), render: (row) => formatNumber(row.stock, locale) },
                { key: 'state', label: t('catalog.state.label'), render: (row) => <EnabledBadge enabled={Boolean(row.enabled)} /> },
              ]}
            />
            <Badge mt="sm" variant="light" color="brand" tt="none" data-testid="variant-total">
              {t('catalog.product.totalStock', { stock: formatNumber(record.stock, locale), variants: t('bulk.cascade.variants', { count: variants.length }) })}
            </Badge>
          </>
        )}
      </Paper>
    );
  },
} satisfies ResourceScreens<Product>;
