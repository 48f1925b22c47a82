import { SimpleGrid } from '@mantine/core';
import { SwitchField, TextField } from '#app/components/form/fields.tsx';
import { ImageField } from '#app/components/form/image-field.tsx';
import { NameLink, RowSwitchCell, type ResourceScreens } from './resource-screens.tsx';
import { Thumbnail } from './thumbnail.tsx';
import { formatDate } from '#common/dates.ts';
import { recordState } from '#common/enums/catalog.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import type { Resource } from '#common/resource.ts';

// The screens of a named record (brands, categories, subcategories, sizes): name, slug and
// enabled, an image or a place in an order when it has one; a resource may bring its own fields.

export type Named = { id: number; name: string; slug: string; enabled: boolean; updatedAt: string; sortOrder?: number; imageId?: string | null; imageUrl?: string | null } & Record<string, unknown>;
type Prefix = 'catalog.brand' | 'catalog.category' | 'catalog.subcategory' | 'catalog.size';

export function namedScreens<R extends Resource>(resource: R, prefix: Prefix, extra: { Fields?: ResourceScreens<Named>['Fields']; blank?: Record<string, unknown>; order?: boolean; image?: boolean } = {}): ResourceScreens<Named> & { resource: R } {
  const label = (field: string) => `${prefix}.fields.${field}` as MessageKey;
  return {
    resource,
    columns: (t, locale) => [
      { key: 'name', label: t(label('name')), sort: 'name', render: (row) => <NameLink resource={resource} row={row}>{row.name}</NameLink> },
      ...(extra.image ? [{ key: 'image', label: t(label('imageId')), render: (row: Named) => <Thumbnail url={row.imageUrl} /> }] : []),
      { key: 'slug', label: t(label('slug')), render: (row) => row.slug },
      ...(extra.order ? [{ key: 'order', label: t('catalog.size.fields.sortOrder'), sort: 'order', render: (row: Named) => String(row.sortOrder ?? 0) }] : []),
      { key: 'updated', label: t(label('updated')), sort: 'updated', render: (row) => formatDate(row.updatedAt, locale) },
      { key: 'state', label: t('catalog.state.label'), render: (row) => <RowSwitchCell resource={resource} row={row} /> },
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

