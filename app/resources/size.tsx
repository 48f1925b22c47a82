import { SimpleGrid } from '@mantine/core';
import { NumberField, SwitchField, TextField } from '#app/components/form/fields.tsx';
import { namedScreens } from '#app/components/resource/named-screens.tsx';
import { sizeResource } from '#common/resources/taxonomy.ts';

// A size also has its place in the size order.
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
