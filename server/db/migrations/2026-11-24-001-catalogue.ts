import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { idColumn, timestampType } from './column-types.ts';

// Frozen: a landed migration is never edited. The store's catalogue and content (issue 11): every
// table belongs to a store (`store_id`, cascading, decision 029) and every index starts with it,
// since every query filters by it (decision 025). Money is integer cents; percentages are integer
// basis points (1500 = 15 %), so nothing is a float. Images are upload rows (decision 030).
export async function up(db: Kysely<any>): Promise<void> {
  const storeId = (table: string) => db.schema.createTable(table)
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'));
  const image = (col: ColumnDefinitionBuilder) => col.references('upload.id').onDelete('set null');
  const stamps = (table: CreateTableBuilder<string, string>) => table
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .addColumn('updated_at', timestampType(db), (col) => col.notNull());

  // Taxonomy: brands, categories and their subcategories, sizes (colors came in 2026-11-23-003).
  await stamps(storeId('brand')
    .addColumn('name', 'varchar(80)', (col) => col.notNull())
    .addColumn('slug', 'varchar(80)', (col) => col.notNull())
    .addColumn('image_id', 'varchar(36)', image)
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))).execute();
  await stamps(storeId('category')
    .addColumn('name', 'varchar(80)', (col) => col.notNull())
    .addColumn('slug', 'varchar(80)', (col) => col.notNull())
    .addColumn('image_id', 'varchar(36)', image)
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))).execute();
  await stamps(storeId('subcategory')
    .addColumn('category_id', 'integer', (col) => col.notNull().references('category.id').onDelete('cascade'))
    .addColumn('name', 'varchar(80)', (col) => col.notNull())
    .addColumn('slug', 'varchar(80)', (col) => col.notNull())
    .addColumn('image_id', 'varchar(36)', image)
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))).execute();
  await stamps(storeId('size')
    .addColumn('name', 'varchar(40)', (col) => col.notNull())
    .addColumn('slug', 'varchar(40)', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))).execute();

  // Products (seed §3) and their variants. Deleting a category deletes its products (seed §4);
  // a brand, subcategory, color or size that goes leaves the product without it.
  await stamps(storeId('product')
    .addColumn('name', 'varchar(160)', (col) => col.notNull())
    .addColumn('slug', 'varchar(160)', (col) => col.notNull())
    .addColumn('description', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('code', 'varchar(64)', (col) => col.notNull().defaultTo(''))
    .addColumn('sku', 'varchar(64)', (col) => col.notNull().defaultTo(''))
    .addColumn('category_id', 'integer', (col) => col.notNull().references('category.id').onDelete('cascade'))
    .addColumn('subcategory_id', 'integer', (col) => col.references('subcategory.id').onDelete('set null'))
    .addColumn('brand_id', 'integer', (col) => col.references('brand.id').onDelete('set null'))
    .addColumn('color_id', 'integer', (col) => col.references('color.id').onDelete('set null'))
    .addColumn('size_id', 'integer', (col) => col.references('size.id').onDelete('set null'))
    .addColumn('priority', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('keywords', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('unit', 'varchar(20)', (col) => col.notNull())
    .addColumn('type', 'varchar(10)', (col) => col.notNull())
    .addColumn('stock', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('weight_grams', 'integer')
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    .addColumn('discount_bp', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('tax_bp', 'integer', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('featured', 'integer', (col) => col.notNull().defaultTo(0))).execute();
  await storeId('product_image')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('product.id').onDelete('cascade'))
    .addColumn('upload_id', 'varchar(36)', (col) => col.notNull().references('upload.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  await stamps(storeId('subproduct')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('product.id').onDelete('cascade'))
    .addColumn('name', 'varchar(160)', (col) => col.notNull())
    .addColumn('sku', 'varchar(64)', (col) => col.notNull().defaultTo(''))
    .addColumn('color_id', 'integer', (col) => col.references('color.id').onDelete('set null'))
    .addColumn('size_id', 'integer', (col) => col.references('size.id').onDelete('set null'))
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    .addColumn('stock', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('image_id', 'varchar(36)', image)
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))).execute();

  // Coupons: `discount` is basis points for a percentage, cents for a fixed amount.
  await stamps(storeId('coupon')
    .addColumn('code', 'varchar(40)', (col) => col.notNull())
    .addColumn('discount_type', 'varchar(12)', (col) => col.notNull())
    .addColumn('discount', 'integer', (col) => col.notNull())
    .addColumn('minimum_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', timestampType(db))
    .addColumn('usage_limit', 'integer')
    .addColumn('times_used', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))).execute();
  await stamps(storeId('review')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('product.id').onDelete('cascade'))
    .addColumn('author_name', 'varchar(80)', (col) => col.notNull())
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('rating', 'integer', (col) => col.notNull())
    .addColumn('comment', 'varchar(2000)', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('pending'))).execute();

  // Content: banners (an image with a button and a link) and pages (formatted text, sanitized).
  await stamps(storeId('banner')
    .addColumn('image_id', 'varchar(36)', image)
    .addColumn('button_name', 'varchar(40)', (col) => col.notNull().defaultTo(''))
    .addColumn('link', 'varchar(500)', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))).execute();
  await stamps(storeId('page')
    .addColumn('title', 'varchar(120)', (col) => col.notNull())
    .addColumn('slug', 'varchar(120)', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('published', 'integer', (col) => col.notNull().defaultTo(1))).execute();

  const index = (name: string, table: string, columns: string[], unique = false) => {
    const builder = db.schema.createIndex(name).on(table).columns(columns);
    return (unique ? builder.unique() : builder).execute();
  };
  for (const table of ['brand', 'category', 'subcategory']) {
    await index(`${table}_store_slug`, table, ['store_id', 'slug'], true);
    await index(`${table}_store_name`, table, ['store_id', 'name', 'id']);
  }
  await index('subcategory_store_category', 'subcategory', ['store_id', 'category_id']);
  await index('size_store_slug', 'size', ['store_id', 'slug'], true);
  await index('size_store_order', 'size', ['store_id', 'sort_order', 'id']);
  // The product list pages by keyset on each sortable column, so each has (store, column, id).
  await index('product_store_slug', 'product', ['store_id', 'slug'], true);
  await index('product_store_name', 'product', ['store_id', 'name', 'id']);
  await index('product_store_updated', 'product', ['store_id', 'updated_at', 'id']);
  await index('product_store_price', 'product', ['store_id', 'price_cents', 'id']);
  await index('product_store_stock', 'product', ['store_id', 'stock', 'id']);
  await index('product_store_priority', 'product', ['store_id', 'priority', 'id']);
  await index('product_store_sku', 'product', ['store_id', 'sku']);
  await index('product_store_code', 'product', ['store_id', 'code']);
  await index('product_store_category', 'product', ['store_id', 'category_id', 'id']);
  await index('product_store_brand', 'product', ['store_id', 'brand_id']);
  await index('product_image_store_product', 'product_image', ['store_id', 'product_id', 'position']);
  await index('product_image_upload', 'product_image', ['upload_id'], true);
  await index('subproduct_store_product', 'subproduct', ['store_id', 'product_id', 'id']);
  await index('subproduct_store_name', 'subproduct', ['store_id', 'name', 'id']);
  await index('subproduct_store_sku', 'subproduct', ['store_id', 'sku']);
  await index('coupon_store_code', 'coupon', ['store_id', 'code'], true);
  await index('review_store_status', 'review', ['store_id', 'status', 'created_at', 'id']);
  await index('review_store_product', 'review', ['store_id', 'product_id']);
  await index('banner_store_order', 'banner', ['store_id', 'sort_order', 'id']);
  await index('page_store_slug', 'page', ['store_id', 'slug'], true);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['page', 'banner', 'review', 'coupon', 'subproduct', 'product_image', 'product', 'size', 'subcategory', 'category', 'brand']) {
    await db.schema.dropTable(table).execute();
  }
}
