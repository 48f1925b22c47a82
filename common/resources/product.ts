import { z } from '#common/zod.ts';
import { DEFAULT_IVA_CODE, ivaCodeSchema, OFFERED_IVA_CODES } from '../iva.ts';
import { enabledActions } from '../bulk.ts';
import { isSriLine, SKU_MAX } from '../sri-issuer.ts';
import { featuredState, productType, productUnit, recordState, stockState } from '../enums/catalog.ts';
import { defineResource, hundredths, switchValue } from '../resource.ts';
import { moneyInput, numberInput } from '../schemas/number.ts';
import { optionalRef, requiredRef } from '../schemas/reference.ts';
import { optionalSlug } from '../slug.ts';
import { imageList, imageOutput, optionalImage } from '../schemas/image.ts';

// A product of the store (seed §3, PRODUCT §5), on the resource kit. Money is typed in dollars in
// the page's locale and stored in cents; the discount is typed as a percentage and stored in basis
// points (1500 = 15 %), so no float is ever stored. The IVA is one of SRI's codes offered today
// (common/iva.ts, decision 087): chosen from a list, any other refused, never guessed.

const text = (max: number) => z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.tooLong' }).default('');
/**
 * A name and a SKU are printed on the invoice as SRI's `descripcion` and `codigoPrincipal`: one line
 * (`[^\n]*`, no control characters) and, for the SKU, at most 25 characters (issue 37 §4). Refused
 * here — the forms, the API and the CSV import — so an invoice never cuts what the owner typed.
 */
const lineName = z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(160, { error: 'validation.tooLong' }).refine(isSriLine, { error: 'catalog.product.oneLine' });
const skuText = z.string({ error: 'validation.invalid' }).trim().max(SKU_MAX, { error: 'catalog.product.skuTooLong' }).refine(isSriLine, { error: 'catalog.product.oneLine' }).default('');
/** A blank value takes the default (the API may leave the field out, the form sends it empty). */
const orDefault = <T extends z.ZodType>(fallback: unknown, schema: T) => z.preprocess((value) => (value === undefined || value === null || value === '' ? fallback : value), schema);
const whole = (min: number, max: number) => numberInput((n) => n.int({ error: 'validation.invalid' }).min(min, { error: 'validation.invalid' }).max(max, { error: 'validation.tooLarge' }));
/** Dollars, typed "19,99" on a Spanish page; the service stores cents. */
export const money = moneyInput((n) => n.min(0, { error: 'validation.invalid' }).max(1_000_000, { error: 'validation.tooLarge' }));
const percent = numberInput((n) => n.min(0, { error: 'catalog.product.percentRange' }).max(100, { error: 'catalog.product.percentRange' }));
/** A price that may be left blank: blank is none (null). */
const optionalMoney = z.preprocess((value) => (value === '' || value === undefined ? null : value), money.nullable());
/**
 * What the description editor may send: formatted text (HTML) of at least 5,000 characters of
 * text, tags included (issue 20 §19); the service sanitizes it as a page's content.
 */
export const DESCRIPTION_MAX = 50_000;
const IVA_DESCRIPTION = `SRI's IVA code (codigoPorcentaje, Tabla 17): '4' 15 %, '5' 5 %, '0' 0 %, '7' exempt, '6' not subject; any other is refused (12 % included)`;
/** A variant's IVA: blank (or null) for its product's. */
const variantIva = z.preprocess((value) => (value === '' || value === undefined ? null : value), ivaCodeSchema.nullable());

export const productResource = defineResource({
  key: 'product',
  path: '/catalog/product',
  apiPath: '/products',
  texts: 'catalog.product',
  titleField: 'name',
  input: z.object({
    name: lineName,
    slug: optionalSlug,
    description: text(DESCRIPTION_MAX),
    code: text(64),
    sku: skuText,
    categoryId: requiredRef,
    subcategoryId: optionalRef,
    brandId: optionalRef,
    colorId: optionalRef,
    sizeId: optionalRef,
    priority: orDefault(0, whole(-1000, 1000)),
    keywords: text(500),
    content: text(20_000),
    unit: orDefault('standard', productUnit.schema()),
    type: orDefault('piece', productType.schema()),
    stock: orDefault(0, whole(0, 1_000_000_000)),
    weightGrams: z.preprocess((value) => (value === '' || value === undefined ? null : value), whole(0, 10_000_000).nullable()),
    price: money,
    /** The "before" price, shown struck through; blank for none. Higher than the price. */
    compareAtPrice: optionalMoney,
    discount: orDefault(0, percent),
    ivaCode: orDefault(DEFAULT_IVA_CODE, ivaCodeSchema).describe(IVA_DESCRIPTION),
    /** The rate in basis points this API took before decision 087: refused, so an old client is told rather than charged 15 %. */
    taxBp: z.never({ error: 'iva.taxBpReplaced' }).optional().describe('Replaced by ivaCode (decision 087): a body that still sends it is refused'),
    enabled: switchValue,
    featured: switchValue,
    /** The gallery in order (at most 10): upload ids, the first the main image. Saved with the product. */
    imageIds: imageList,
  }),
  output: z.object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    description: z.string().describe('Formatted text: sanitized HTML'),
    code: z.string(),
    sku: z.string(),
    categoryId: z.number(),
    subcategoryId: z.number().nullable(),
    brandId: z.number().nullable(),
    colorId: z.number().nullable(),
    sizeId: z.number().nullable(),
    priority: z.number(),
    keywords: z.string(),
    content: z.string(),
    unit: z.string(),
    type: z.string(),
    stock: z.number().describe('The product’s stock; with variants, the sum of theirs'),
    variantCount: z.number(),
    weightGrams: z.number().nullable(),
    priceCents: z.number().describe('The price in cents: 1999 is USD 19.99'),
    compareAtCents: z.number().nullable().describe('The "before" price in cents, shown struck through; null for none'),
    discountBp: z.number().describe('The discount in basis points: 1000 is 10 %'),
    ivaCode: z.enum(OFFERED_IVA_CODES).describe(IVA_DESCRIPTION),
    enabled: z.boolean(),
    featured: z.boolean(),
    imageIds: z.array(z.string()).describe('The gallery’s upload ids in order; the first is the main image'),
    images: z.array(imageOutput).describe('The gallery in order, each with the address of its smallest WebP variant'),
    updatedAt: z.string(),
  }),
  // The API takes money and rates as it returns them: cents and basis points (issue 20 §7).
  apiHundredths: {
    price: { as: 'priceCents', body: hundredths(0, 100_000_000).describe('The price in cents: 1999 is USD 19.99') },
    compareAtPrice: { as: 'compareAtCents', body: hundredths(0, 100_000_000).nullable().default(null).describe('The "before" price in cents, shown struck through; null or left out for none') },
    discount: { as: 'discountBp', body: hundredths(0, 10_000, 0).describe('The discount in basis points: 1000 is 10 %') },
  },
  list: {
    // `category` and `brand` sort by the category's or the brand's number: they group the list by
    // category or by brand, products without a brand first (issue 20 §21, migration 065).
    sort: ['updated', 'name', 'price', 'stock', 'priority', 'category', 'brand'],
    defaultSort: 'updated',
    defaultDir: 'desc',
    filters: { status: recordState.values, stock: stockState.values, featured: featuredState.values },
    refs: ['category', 'brand'],
  },
  bulk: { ...enabledActions, feature: { featured: true }, unfeature: { featured: false } },
});

export const variantResource = defineResource({
  key: 'variant',
  path: '/catalog/variant',
  apiPath: '/variants',
  texts: 'catalog.variant',
  titleField: 'name',
  input: z.object({
    productId: requiredRef,
    name: lineName,
    sku: skuText,
    colorId: optionalRef,
    sizeId: optionalRef,
    price: money,
    stock: orDefault(0, whole(0, 1_000_000_000)),
    ivaCode: variantIva.describe(`${IVA_DESCRIPTION}. Null or left out: its product's`),
    imageId: optionalImage,
    enabled: switchValue,
  }),
  output: z.object({
    id: z.number(),
    productId: z.number(),
    imageId: z.string().nullable(),
    imageUrl: z.string().nullable().describe('The image’s smallest WebP variant'),
    name: z.string(),
    sku: z.string(),
    colorId: z.number().nullable(),
    sizeId: z.number().nullable(),
    priceCents: z.number(),
    stock: z.number(),
    ivaCode: z.enum(OFFERED_IVA_CODES).nullable().describe(`${IVA_DESCRIPTION}. Null: its product's`),
    enabled: z.boolean(),
    updatedAt: z.string(),
  }),
  apiHundredths: { price: { as: 'priceCents', body: hundredths(0, 100_000_000).describe('The price in cents: 1999 is USD 19.99') } },
  // By product, each one's variants in its storefront's order (colour, sizes' order, creation), unless a column is chosen.
  list: { sort: ['product', 'name', 'updated', 'price', 'stock'], defaultSort: 'product', defaultDir: 'asc', filters: { status: recordState.values } },
  bulk: enabledActions,
});
