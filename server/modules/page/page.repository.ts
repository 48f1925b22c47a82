import { storeResourceRepository } from '#server/db/store-resource.ts';

export const pages = storeResourceRepository('page', {
  columns: ['id', 'title', 'slug', 'content', 'published', 'updatedAt'],
  booleans: ['published'],
  search: ['title', 'slug'],
  sort: { title: 'title', updated: 'updatedAt' },
  filters: { status: (value) => ['published', value === 'published'] },
});
