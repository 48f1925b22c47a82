import { z } from '#common/zod.ts';
import { pageState } from '../enums/content.ts';
import { defineResource, switchValue } from '../resource.ts';
import { optionalSlug } from '../slug.ts';

/**
 * A page of the store ("About us", "Shipping"): PRODUCT §5 title, slug, formatted content,
 * published. The content is HTML from the rich-text editor; the server sanitizes it on every write
 * (page.service.ts), so the length bound here is on what was sent, not on what is stored.
 */
export const pageResource = defineResource({
  key: 'page',
  path: '/content/page',
  apiPath: '/pages',
  texts: 'content.page',
  titleField: 'title',
  input: z.object({
    title: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(120, { error: 'validation.tooLong' }),
    slug: optionalSlug,
    content: z.string({ error: 'validation.required' }).max(200_000, { error: 'validation.tooLong' }).default(''),
    published: switchValue,
  }),
  output: z.object({ id: z.number(), title: z.string(), slug: z.string(), content: z.string(), published: z.boolean(), updatedAt: z.string() }),
  list: { sort: ['title', 'updated'], defaultSort: 'title', defaultDir: 'asc', filters: { status: pageState.values } },
  bulk: { publish: { published: true }, unpublish: { published: false } },
});
