import { defineEnum } from './define-enum.ts';

/** Whether a catalog record is offered (shown in the store) or kept aside. */
export const recordState = defineEnum('recordState', ['enabled', 'disabled'], {
  labels: 'catalog.state',
  colors: { enabled: 'green', disabled: 'gray' },
});

/** Seed §3's product unit and type. */
export const productUnit = defineEnum('productUnit', ['standard', 'box', 'combo', 'purchase_order'], { labels: 'catalog.product.unit' });
export const productType = defineEnum('productType', ['piece', 'kg', 'meter'], { labels: 'catalog.product.type' });
/** The product list's stock filter: some in stock (a product's own or its variants') or none. */
export const stockState = defineEnum('stockState', ['in_stock', 'out_of_stock'], {
  labels: 'catalog.product.stockState',
  colors: { in_stock: 'green', out_of_stock: 'orange' },
});
export const featuredState = defineEnum('featuredState', ['featured', 'regular'], {
  labels: 'catalog.product.featuredState',
  colors: { featured: 'violet', regular: 'gray' },
});
export const couponType = defineEnum('couponType', ['percentage', 'fixed'], { labels: 'catalog.coupon.type' });
/** A shopper's review waits for the owner, who approves or rejects it; only approved ones count. */
export const reviewStatus = defineEnum('reviewStatus', ['pending', 'approved', 'rejected'], {
  labels: 'catalog.review.status',
  colors: { pending: 'yellow', approved: 'green', rejected: 'red' },
});
