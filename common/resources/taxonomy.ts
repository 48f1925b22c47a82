import { z } from '#common/zod.ts';
import { enabledActions } from '../bulk.ts';
import { recordState } from '../enums/catalog.ts';
import { defineResource, switchValue } from '../resource.ts';
import { optionalSlug } from '../slug.ts';
import { numberInput } from '../schemas/number.ts';
import { requiredRef } from '../schemas/reference.ts';
import { optionalImage } from '../schemas/image.ts';

// The catalog's taxonomy on the resource kit (PRODUCT §5): brands, categories, their
// subcategories and sizes — name, slug and enabled; a size its place in the size order.

const name = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });
const named = { name: name(80), slug: optionalSlug, enabled: switchValue };
const namedOutput = { id: z.number(), name: z.string(), slug: z.string(), enabled: z.boolean(), updatedAt: z.string() };
/** Brands, categories and subcategories have an image (shown by the storefront's menus); sizes do not. */
const pictured = { ...named, imageId: optionalImage };
const picturedOutput = { ...namedOutput, imageId: z.string().nullable(), imageUrl: z.string().nullable().describe('The image’s smallest WebP variant') };
const namedList = { sort: ['name', 'updated'] as ['name', 'updated'], defaultSort: 'name' as const, defaultDir: 'asc' as const, filters: { status: recordState.values } };

export const brandResource = defineResource({ key: 'brand', path: '/catalog/brand', apiPath: '/brands', texts: 'catalog.brand', titleField: 'name', input: z.object(pictured), output: z.object(picturedOutput), list: namedList, bulk: enabledActions });

export const categoryResource = defineResource({ key: 'category', path: '/catalog/category', apiPath: '/categories', texts: 'catalog.category', titleField: 'name', input: z.object(pictured), output: z.object(picturedOutput), list: namedList, bulk: enabledActions });

export const subcategoryResource = defineResource({
  key: 'subcategory',
  path: '/catalog/subcategory',
  apiPath: '/subcategories',
  texts: 'catalog.subcategory',
  titleField: 'name',
  input: z.object({ categoryId: requiredRef, ...pictured }),
  output: z.object({ ...picturedOutput, categoryId: z.number() }),
  list: namedList,
  bulk: enabledActions,
});

export const sizeResource = defineResource({
  key: 'size',
  path: '/catalog/size',
  apiPath: '/sizes',
  texts: 'catalog.size',
  titleField: 'name',
  input: z.object({
    name: name(40),
    slug: optionalSlug,
    sortOrder: z.preprocess((value) => (value === '' || value === undefined ? 0 : value), numberInput((n) => n.int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' }).max(1000, { error: 'validation.tooLarge' }))),
    enabled: switchValue,
  }),
  output: z.object({ ...namedOutput, sortOrder: z.number() }),
  list: { sort: ['order', 'name', 'updated'], defaultSort: 'order', defaultDir: 'asc', filters: { status: recordState.values } },
  bulk: enabledActions,
});
