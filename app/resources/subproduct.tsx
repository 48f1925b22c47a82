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
import { subproductResource as subproduct } from '#common/resources/product.ts';
import { searchProducts } from './product-search.ts';

type Subproduct = { id: number; productId: number; productName?: string; name: string; sku: string; priceCents: number; stock: number; imageUrl: string | null; enabled: boolean; updatedAt: string } & Record<string, unknown>;

export const subproductScreens = {
  resource: subproduct,
  columns: (t, locale) => [
    { key: 'name', label: t('catalog.subproduct.fields.name'), sort: 'name', render: (row) => <NameLink resource={subproduct} row={row}>{row.name}</NameLink> },
    { key: 'image', label: t('catalog.subproduct.fields.imageId'), render: (row) => <Thumbnail url={row.imageUrl} /> },
    { key: 'product', label: t('catalog.subproduct.fields.productId'), render: (row) => row.productName ?? '' },
    { key: 'sku', label: t('catalog.subproduct.fields.sku'), render: (row) => row.sku || '—' },
    { key: 'price', label: t('catalog.subproduct.fields.price'), sort: 'price', render: (row) => formatMoney(row.priceCents, locale) },
    { key: 'stock', label: t('catalog.subproduct.fields.stock'), sort: 'stock', render: (row) => formatNumber(row.stock, locale) },
    { key: 'state', label: t('catalog.state.label'), render: (row) => <RowSwitchCell resource={subproduct} row={row} /> },
  ],
  status: recordState,
  Fields: function VariantFields({ options }) {
    const t = useT();
    const none = { value: '', label: t('catalog.product.none') };
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SearchSelectField name="productId" label="catalog.subproduct.fields.productId" data={options.productId ?? []} search={searchProducts} />
        <TextField name="name" label="catalog.subproduct.fields.name" />
        <TextField name="sku" label="catalog.subproduct.fields.sku" />
        <NumberField name="price" label="catalog.subproduct.fields.price" />
        <NumberField name="stock" label="catalog.subproduct.fields.stock" />
        <SelectField name="colorId" label="catalog.subproduct.fields.colorId" data={[none, ...(options.colorId ?? [])]} />
        <SelectField name="sizeId" label="catalog.subproduct.fields.sizeId" data={[none, ...(options.sizeId ?? [])]} />
        <SwitchField name="enabled" label="catalog.subproduct.fields.enabled" />
        <ImageField label="catalog.subproduct.fields.imageId" hint="catalog.product.imageHint" />
      </SimpleGrid>
    );
  },
  blank: (search) => ({ productId: search.get('productId') ?? '', name: '', sku: '', price: '', stock: 0, colorId: '', sizeId: '', imageId: '', enabled: true }),
  toForm: (row) => ({ ...row, price: row.priceCents / 100, colorId: row.colorId ?? '', sizeId: row.sizeId ?? '', imageId: row.imageId ?? '' }),
} satisfies ResourceScreens<Subproduct>;
