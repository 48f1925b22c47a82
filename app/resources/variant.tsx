import { SimpleGrid } from '@mantine/core';
import { ImageField } from '#app/components/form/image-field.tsx';
import { NumberField, SelectField, SwitchField, TextField } from '#app/components/form/fields.tsx';
import { SearchSelectField } from '#app/components/form/search-select-field.tsx';
import { NameLink, RowSwitchCell, type ResourceScreens } from '#app/components/resource/resource-screens.tsx';
import { Thumbnail } from '#app/components/resource/thumbnail.tsx';
import { useT } from '#app/lib/use-t.ts';
import { recordState } from '#common/enums/catalog.ts';
import { formatMoney } from '#common/money.ts';
import { formatNumber } from '#common/number-format.ts';
import { variantResource as variant } from '#common/resources/product.ts';
import { searchProducts } from './product-search.ts';
import { ivaOptions } from '#app/lib/iva-options.ts';

type Variant = { id: number; productId: number; productName?: string; name: string; sku: string; priceCents: number; stock: number; ivaCode: string | null; imageUrl: string | null; enabled: boolean; updatedAt: string } & Record<string, unknown>;

export const variantScreens = {
  resource: variant,
  columns: (t, locale) => [
    { key: 'name', label: t('catalog.variant.fields.name'), sort: 'name', render: (row) => <NameLink resource={variant} row={row}>{row.name}</NameLink> },
    { key: 'image', label: t('catalog.variant.fields.imageId'), render: (row) => <Thumbnail url={row.imageUrl} /> },
    { key: 'product', label: t('catalog.variant.fields.productId'), sort: 'product', render: (row) => row.productName ?? '' },
    { key: 'sku', label: t('catalog.variant.fields.sku'), render: (row) => row.sku || '—' },
    { key: 'price', label: t('catalog.variant.fields.price'), sort: 'price', render: (row) => formatMoney(row.priceCents, locale) },
    { key: 'stock', label: t('catalog.variant.fields.stock'), sort: 'stock', render: (row) => formatNumber(row.stock, locale) },
    { key: 'state', label: t('catalog.state.label'), render: (row) => <RowSwitchCell resource={variant} row={row} /> },
  ],
  status: recordState,
  Fields: function VariantFields({ options }) {
    const t = useT();
    const none = { value: '', label: t('catalog.product.none') };
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SearchSelectField name="productId" label="catalog.variant.fields.productId" data={options.productId ?? []} search={searchProducts} />
        <TextField name="name" label="catalog.variant.fields.name" />
        <TextField name="sku" label="catalog.variant.fields.sku" />
        <NumberField name="price" label="catalog.variant.fields.price" />
        <NumberField name="stock" label="catalog.variant.fields.stock" />
        <SelectField name="ivaCode" label="catalog.variant.fields.ivaCode" description={t('iva.variantHint')} data={[{ value: '', label: t('iva.variantSame') }, ...ivaOptions(t)]} />
        <SelectField name="colorId" label="catalog.variant.fields.colorId" data={[none, ...(options.colorId ?? [])]} />
        <SelectField name="sizeId" label="catalog.variant.fields.sizeId" data={[none, ...(options.sizeId ?? [])]} />
        <SwitchField name="enabled" label="catalog.variant.fields.enabled" />
        <ImageField label="catalog.variant.fields.imageId" hint="catalog.product.imageHint" />
      </SimpleGrid>
    );
  },
  blank: (search) => ({ productId: search.get('productId') ?? '', name: '', sku: '', price: '', stock: 0, ivaCode: '', colorId: '', sizeId: '', imageId: '', enabled: true }),
  toForm: (row) => ({ ...row, price: row.priceCents / 100, ivaCode: row.ivaCode ?? '', colorId: row.colorId ?? '', sizeId: row.sizeId ?? '', imageId: row.imageId ?? '' }),
} satisfies ResourceScreens<Variant>;
