import { storeResourceRepository } from '#server/db/store-resource.ts';

export const colors = storeResourceRepository('color', {
  columns: ['id', 'name', 'slug', 'hex', 'enabled', 'updatedAt'],
  booleans: ['enabled'],
  search: ['name', 'slug', 'hex'],
  sort: { name: 'name', updated: 'updatedAt' },
  filters: { status: (value) => ['enabled', value === 'enabled'] },
});
