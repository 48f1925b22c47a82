import { SimpleGrid } from '@mantine/core';
import { SelectField, SwitchField, TextField } from '#app/components/form/fields.tsx';
import { ImageField } from '#app/components/form/image-field.tsx';
import { namedScreens } from '#app/components/resource/named-screens.tsx';
import { subcategoryResource } from '#common/resources/taxonomy.ts';

// A subcategory also chooses its category.
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
