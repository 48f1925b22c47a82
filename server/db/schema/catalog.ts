import type { Generated, GeneratedAlways } from 'kysely';

// The store's catalog (issue 11): every table belongs to a store (`storeId`, decision 025).
export interface ColorTable {
  id: Generated<number>;
  storeId: number;
  name: string;
  slug: string;
  hex: string;
  enabled: number;
  createdAt: string;
  updatedAt: string;
}

/** Brand, category and subcategory share a shape: name, slug, an optional image, enabled. */
interface TaxonomyColumns {
  id: Generated<number>;
  storeId: number;
  name: string;
  slug: string;
  imageId: string | null;
  enabled: number;
  createdAt: string;
  updatedAt: string;
}
export type BrandTable = TaxonomyColumns;
export type CategoryTable = TaxonomyColumns;
export interface SubcategoryTable extends TaxonomyColumns {
  categoryId: number;
}

export interface SizeTable {
  id: Generated<number>;
  storeId: number;
  name: string;
  slug: string;
  sortOrder: number;
  enabled: number;
  createdAt: string;
  updatedAt: string;
}

/** Seed §3's product. Money in cents, percentages in basis points (1500 = 15 %), IVA as SRI's code. */
export interface ProductTable {
  id: Generated<number>;
  storeId: number;
  name: string;
  slug: string;
  description: string;
  code: string;
  sku: string;
  categoryId: number;
  subcategoryId: number | null;
  brandId: number | null;
  /** `brand_id`, or 0 for none: computed by the database, so the list can sort by brand (migration 065). */
  brandSort: GeneratedAlways<number>;
  colorId: number | null;
  sizeId: number | null;
  priority: number;
  keywords: string;
  content: string;
  unit: string;
  type: string;
  stock: number;
  weightGrams: number | null;
  priceCents: number;
  /** The "before" price shown struck through, above the price; null when there is none. */
  compareAtCents: Generated<number | null>;
  discountBp: number;
  /** SRI's IVA code (`codigoPorcentaje`, common/iva.ts): '4' is 15 %. */
  ivaCode: Generated<string>;
  enabled: number;
  featured: number;
  createdAt: string;
  updatedAt: string;
}

/** A product's images in order: position 0 is the main image. */
export interface ProductImageTable {
  id: Generated<number>;
  storeId: number;
  productId: number;
  uploadId: string;
  position: number;
}

/** A variant of a product. */
export interface VariantTable {
  id: Generated<number>;
  storeId: number;
  productId: number;
  name: string;
  sku: string;
  colorId: number | null;
  sizeId: number | null;
  priceCents: number;
  stock: number;
  /** SRI's IVA code when it differs from its product's; null: the product's. */
  ivaCode: string | null;
  imageId: string | null;
  enabled: number;
  createdAt: string;
  updatedAt: string;
}

/** `discount` is basis points for a percentage coupon, cents for a fixed one. */
export interface CouponTable {
  id: Generated<number>;
  storeId: number;
  code: string;
  discountType: string;
  discount: number;
  minimumCents: number;
  expiresAt: string | null;
  usageLimit: number | null;
  timesUsed: number;
  enabled: number;
  createdAt: string;
  updatedAt: string;
}

export interface ReviewTable {
  id: Generated<number>;
  storeId: number;
  productId: number;
  authorName: string;
  email: string;
  rating: number;
  comment: string;
  status: string;
  createdAt: string;
  updatedAt: string;
}

export interface BannerTable {
  id: Generated<number>;
  storeId: number;
  imageId: string | null;
  buttonName: string;
  link: string;
  sortOrder: number;
  enabled: number;
  createdAt: string;
  updatedAt: string;
}

export interface PageTable {
  id: Generated<number>;
  storeId: number;
  title: string;
  slug: string;
  content: string;
  published: number;
  createdAt: string;
  updatedAt: string;
}
