import { z } from '#common/zod.ts';
import { enabledActions } from '../bulk.ts';
import { recordState } from '../enums/catalog.ts';
import { defineResource, switchValue } from '../resource.ts';

/**
 * Where a banner's button leads: a web address (http or https) or a path of the store itself
 * (`/catalog?sale=1`). A protocol-relative `//host` is another site in disguise, so it is refused.
 */
export function isBannerLink(text: string): boolean {
  if (/^\/(?![/\\])[^\s]*$/.test(text)) return true;
  if (!/^https?:\/\//i.test(text) || /\s/.test(text)) return false;
  try {
    return Boolean(new URL(text).hostname);
  } catch {
    return false;
  }
}

/** A banner of the store's home (PRODUCT §5): image, button name, destination link, order, enabled. */
export const bannerResource = defineResource({
  key: 'banner',
  path: '/content/banner',
  apiPath: '/banners',
  texts: 'content.banner',
  titleField: 'link',
  input: z.object({
    imageId: z.string({ error: 'content.banner.imageRequired' }).trim().min(1, { error: 'content.banner.imageRequired' }).max(36, { error: 'upload.notFound' }),
    buttonName: z.string().trim().max(40, { error: 'validation.tooLong' }).default(''),
    link: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required', abort: true }).max(500, { error: 'validation.tooLong', abort: true }).refine(isBannerLink, { error: 'content.banner.linkInvalid' }),
    /**
     * Its position, 1 first, as the list and the storefront count (issue 20 §13): the others move
     * around it, never two on one number. Empty: after the last banner (new), where it is (saved).
     */
    sortOrder: z.preprocess((value) => (value === '' || value == null ? undefined : value), z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.number' }).min(1, { error: 'content.banner.positionMin' }).max(10_000, { error: 'validation.tooLarge' }).optional()),
    enabled: switchValue,
  }),
  output: z.object({ id: z.number(), imageId: z.string().nullable(), imageUrl: z.string().nullable().describe('The image’s smallest WebP variant'), buttonName: z.string(), link: z.string(), sortOrder: z.number().describe('Its position: 1 is shown first; the store’s banners are numbered 1, 2, 3… with no gaps'), enabled: z.boolean(), updatedAt: z.string() }),
  list: { sort: ['order', 'updated'], defaultSort: 'order', defaultDir: 'asc', filters: { status: recordState.values } },
  bulk: enabledActions,
});
