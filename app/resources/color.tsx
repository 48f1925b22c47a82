import { ColorSwatch, Group, SimpleGrid, Text } from '@mantine/core';
import { ColorField, SwitchField, TextField } from '#app/components/form/fields.tsx';
import { NameLink, RowSwitchCell, type ResourceScreens } from '#app/components/resource/resource-screens.tsx';
import { formatDate } from '#common/dates.ts';
import { recordState } from '#common/enums/catalog.ts';
import { colorResource as color } from '#common/resources/color.ts';

type Color = { id: number; name: string; slug: string; hex: string; enabled: boolean; updatedAt: string };

export const colorScreens = {
  resource: color,
  columns: (t, locale) => [
    { key: 'name', label: t('catalog.color.fields.name'), sort: 'name', render: (row) => <NameLink resource={color} row={row}>{row.name}</NameLink> },
    { key: 'hex', label: t('catalog.color.fields.hex'), render: (row) => <Group gap="xs" wrap="nowrap"><ColorSwatch color={row.hex} size={20} aria-hidden /><Text ff="monospace" fz="sm">{row.hex}</Text></Group> },
    { key: 'updated', label: t('catalog.color.fields.updated'), sort: 'updated', render: (row) => formatDate(row.updatedAt, locale) },
    { key: 'state', label: t('catalog.state.label'), render: (row) => <RowSwitchCell resource={color} row={row} /> },
  ],
  status: recordState,
  Fields: () => (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextField name="name" label="catalog.color.fields.name" />
      <ColorField name="hex" label="catalog.color.fields.hex" />
      <TextField name="slug" label="catalog.color.fields.slug" />
      <SwitchField name="enabled" label="catalog.color.fields.enabled" />
    </SimpleGrid>
  ),
  blank: { name: '', hex: '#1c9283', slug: '', enabled: true },
} satisfies ResourceScreens<Color>;
