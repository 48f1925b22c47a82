import { SimpleGrid } from '@mantine/core';
import { NumberField, SelectField, SwitchField, TextField } from '#app/components/form/fields.tsx';
import { ImageField } from '#app/components/form/image-field.tsx';
import { Thumbnail } from './product.tsx';
import { NameLink, RowSwitchCell, type ResourceScreens } from '#app/components/resource/resource-screens.tsx';
import { formatDate } from '#common/dates.ts';
import { recordState } from '#common/enums/catalog.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import type { Resource } from '#common/resource.ts';
import { brandResource, categoryResource, sizeResource, subcategoryResource } from '#common/resources/taxonomy.ts';

// Brands, categories, subcategories and sizes: name, slug and enabled on the kit's screens; a
// subcategory also chooses its category, a size its place in the size order.

type Named = { id: number; name: string; slug: string; enabled: boolean; updatedAt: string; sortOrder?: number; imageId?: string | null; imageUrl?: string | null } & Record<string, unknown>;
type Prefix = 'catalog.brand' | 'catalog.category' | 'catalog.subcategory' | 'catalog.size';

function namedScreens(resource: Resource, prefix: Prefix, extra: { Fields?: ResourceScreens<Named>['Fields']; blank?: Record<string, unknown>; order?: boolean; image?: boolean } = {}): ResourceScreens<Named> {
  const label = (field: string) => `${prefix}.fields.${field}` as MessageKey;
  return {
    columns: (t, locale) => [
      { key: 'name', label: t(label('name')), sort: 'name', render: (row) => <NameLink resource={resource} row={row}>{row.name}</NameLink> },
      ...(extra.image ? [{ key: 'image', label: t(label('imageId')), render: (row: Named) => <Thumbnail url={row.imageUrl} /> }] : []),
      { key: 'slug', label: t(label('slug')), render: (row) => row.slug },
      ...(extra.order ? [{ key: 'order', label: t('catalog.size.fields.sortOrder'), sort: 'order', render: (row: Named) => String(row.sortOrder ?? 0) }] : []),
      { key: 'updated', label: t(label('updated')), sort: 'updated', render: (row) => formatDate(row.updatedAt, locale) },
      { key: 'state', label: t('catalog.state.label'), render: (row) => <RowSwitchCell row={row} /> },
    ],
    status: recordState,
    Fields:
      extra.Fields ??
      (() => (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField name="name" label={label('name')} />
          <TextField name="slug" label={label('slug')} />
          <SwitchField name="enabled" label={label('enabled')} />
          {extra.image ? <ImageField label={label('imageId')} hint="catalog.product.imageHint" /> : null}
        </SimpleGrid>
      )),
    blank: extra.blank ?? { name: '', slug: '', enabled: true, ...(extra.image ? { imageId: '' } : {}) },
    ...(extra.image ? { toForm: (row: Named) => ({ ...row, imageId: row.imageId ?? '' }) } : {}),
  };
}

export const brandScreens = namedScreens(brandResource, 'catalog.brand', { image: true });
export const categoryScreens = namedScreens(categoryResource, 'catalog.category', { image: true });
export const subcategoryScreens = namedScreens(subcategoryResource, 'catalog.subcategory', {
  image: true,
  Fields: ({ options }) => (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <SelectField name="categoryId" label="catalog.subcategory.fields.categoryId" data={[{ value: '', label: '—' }, ...(options.categoryId ?? [])]} />
      <TextField name="name" label="catalog.subcategory.fields.name" />
      <TextField name="slug" label="catalog.subcategory.fields.slug" />
      <SwitchField name="enabled" label="catalog.subcategory.fields.enabled" />
      <ImageField label="catalog.subcategory.fields.imageId" hint="catalog.product.imageHint" />
    </SimpleGrid>
  ),
  blank: { categoryId: '', name: '', slug: '', enabled: true, imageId: '' },
});
export const sizeScreens = namedScreens(sizeResource, 'catalog.size', {
  order: true,
  Fields: () => (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextField name="name" label="catalog.size.fields.name" />
      <TextField name="slug" label="catalog.size.fields.slug" />
      <NumberField name="sortOrder" label="catalog.size.fields.sortOrder" />
      <SwitchField name="enabled" label="catalog.size.fields.enabled" />
    </SimpleGrid>
  ),
  blank: { name: '', slug: '', sortOrder: 0, enabled: true },
});
