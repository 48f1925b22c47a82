import { Group, Rating, SimpleGrid, Text } from '@mantine/core';
import { RecordActionButton } from '#app/components/resource/bulk-actions.tsx';
import { SelectField, TextareaField, TextField } from '#app/components/form/fields.tsx';
import { SearchSelectField } from '#app/components/form/search-select-field.tsx';
import { NameLink, type ResourceScreens } from '#app/components/resource/resource-screens.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { reviewStatus } from '#common/enums/catalog.ts';
import { reviewResource as review } from '#common/resources/review.ts';
import { searchProducts } from './product-search.ts';

type Review = { id: number; productId: number; productName?: string; authorName: string; email: string; rating: number; comment: string; status: string; updatedAt: string } & Record<string, unknown>;

/** Stars as a picture, and their number in words for screen readers ("4 de 5"). */
function Stars({ rating }: { rating: number }) {
  const t = useT();
  const words = t('catalog.review.stars', { rating });
  return (
    <span role="img" aria-label={words}>
      <Rating value={rating} readOnly size="sm" aria-hidden />
    </span>
  );
}

export const reviewScreens = {
  resource: review,
  columns: (t, locale) => [
    { key: 'author', label: t('catalog.review.fields.authorName'), render: (row) => <NameLink resource={review} row={row}>{row.authorName}</NameLink> },
    { key: 'product', label: t('catalog.review.fields.productId'), render: (row) => row.productName ?? '' },
    { key: 'rating', label: t('catalog.review.fields.rating'), sort: 'rating', render: (row) => <Stars rating={row.rating} /> },
    { key: 'comment', label: t('catalog.review.fields.comment'), render: (row) => <Text fz="sm" lineClamp={2}>{row.comment || '—'}</Text> },
    { key: 'updated', label: t('catalog.review.fields.updated'), sort: 'updated', render: (row) => formatDate(row.updatedAt, locale) },
    { key: 'status', label: t('catalog.review.status.label'), render: (row) => <StatusBadge of={reviewStatus} value={row.status as 'pending'} /> },
    // Moderation from the row: the action the review is not in yet, each asking first.
    {
      key: 'moderate',
      label: t('list.actions'),
      hideLabel: true,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          {row.status !== 'approved' ? <RecordActionButton id={row.id} action="approve" name={row.authorName} /> : null}
          {row.status !== 'rejected' ? <RecordActionButton id={row.id} action="reject" name={row.authorName} /> : null}
        </Group>
      ),
    },
  ],
  recordActions: ['approve', 'reject'],
  status: reviewStatus,
  Fields: function ReviewFields({ options }) {
    const t = useT();
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SearchSelectField name="productId" label="catalog.review.fields.productId" data={options.productId ?? []} search={searchProducts} />
        <SelectField name="status" label="catalog.review.fields.status" data={reviewStatus.values.map((value) => ({ value, label: t(reviewStatus.label(value)) }))} />
        <TextField name="authorName" label="catalog.review.fields.authorName" />
        <TextField name="email" label="catalog.review.fields.email" type="email" />
        <SelectField name="rating" label="catalog.review.fields.rating" data={[5, 4, 3, 2, 1].map((value) => ({ value: String(value), label: String(t('catalog.review.stars', { rating: value })) }))} />
        <TextareaField name="comment" label="catalog.review.fields.comment" autosize minRows={3} maxRows={10} />
      </SimpleGrid>
    );
  },
  blank: { productId: '', authorName: '', email: '', rating: '5', comment: '', status: 'approved' },
  toForm: (row) => ({ ...row, rating: String(row.rating) }),
} satisfies ResourceScreens<Review>;
