import { SimpleGrid } from '@mantine/core';
import { SwitchField, TextField } from '#app/components/form/fields.tsx';
import { RichTextField } from '#app/components/form/rich-text-field.tsx';
import { NameLink, type ResourceScreens, RowSwitchCell } from '#app/components/resource/resource-screens.tsx';
import { formatDate } from '#common/dates.ts';
import { pageState } from '#common/enums/content.ts';
import { pageResource as page } from '#common/resources/page.ts';

type Page = { id: number; title: string; slug: string; content: string; published: boolean; updatedAt: string };

export const pageScreens = {
  resource: page,
  columns: (t, locale) => [
    { key: 'title', label: t('content.page.fields.title'), sort: 'title', render: (row) => <NameLink resource={page} row={row}>{row.title}</NameLink> },
    { key: 'slug', label: t('content.page.fields.slug'), render: (row) => row.slug },
    { key: 'updated', label: t('content.page.fields.updated'), sort: 'updated', render: (row) => formatDate(row.updatedAt, locale) },
    { key: 'state', label: t('content.pageState.label'), render: (row) => <RowSwitchCell resource={page} row={row} field="published" label={t('content.page.fields.published')} on="publish" off="unpublish" /> },
  ],
  status: pageState,
  Fields: () => (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField name="title" label="content.page.fields.title" />
        <TextField name="slug" label="content.page.fields.slug" />
      </SimpleGrid>
      <RichTextField name="content" label="content.page.fields.content" />
      <SwitchField name="published" label="content.page.fields.published" />
    </>
  ),
  blank: { title: '', slug: '', content: '', published: true },
} satisfies ResourceScreens<Page>;
