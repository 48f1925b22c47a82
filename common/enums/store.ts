import { defineEnum } from './define-enum.ts';

/** The store type an owner picks (PRODUCT §5 "section"): a fixed bilingual list. */
export const storeSection = defineEnum('storeSection', ['clothing', 'electronics', 'food', 'beauty', 'home', 'crafts', 'services', 'other'], {
  labels: 'store.section',
});

/** The six storefront styles (seed §3), stored as their number 1–6; tokens in common/store-styles.ts. */
export const STORE_STYLES = ['warm', 'cold', 'nature', 'minimalist', 'dark', 'vintage'] as const;
export type StoreStyleName = (typeof STORE_STYLES)[number];
export const storeStyle = defineEnum('storeStyle', STORE_STYLES, { labels: 'store.style' });

/** The style name of a stored number; an unknown number reads as the first style. */
export function styleName(style: number): StoreStyleName {
  return STORE_STYLES[style - 1] ?? STORE_STYLES[0];
}

/** Whether a store is shown to shoppers, as the owner and the back office see it. */
export const storeState = defineEnum('storeState', ['published', 'unpublished', 'expired'], {
  labels: 'store.state',
  colors: { published: 'green', unpublished: 'gray', expired: 'red' },
});
