import { z } from '#common/zod.ts';
import { enabledActions } from '../bulk.ts';
import { recordState } from '../enums/catalog.ts';
import { defineResource, switchValue } from '../resource.ts';
import { optionalSlug } from '../slug.ts';

/** A color of the store's catalog (PRODUCT §5: name, hex swatch, slug, enabled). */
export const colorResource = defineResource({
  key: 'color',
  path: '/catalog/color',
  apiPath: '/colors',
  texts: 'catalog.color',
  titleField: 'name',
  input: z.object({
    name: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(60, { error: 'validation.tooLong' }),
    hex: z.string({ error: 'validation.required' }).trim().toLowerCase().regex(/^#[0-9a-f]{6}$/, { error: 'catalog.color.hexInvalid' }),
    slug: optionalSlug,
    enabled: switchValue,
  }),
  output: z.object({ id: z.number(), name: z.string(), slug: z.string(), hex: z.string(), enabled: z.boolean(), updatedAt: z.string() }),
  list: { sort: ['name', 'updated'], defaultSort: 'name', defaultDir: 'asc', filters: { status: recordState.values } },
  bulk: enabledActions,
});
