// The store's set-up checklist on the desk (issue 20 §23): the steps a new merchant goes through
// before the store can sell, in order, and what "low stock" means beside it. In common/ because the
// desk service answers the state and the desk draws the links and the texts.

/** A store's set-up, in the order a merchant goes through it: publishing comes last, once there is something to show. */
export const SETUP_STEPS = ['logo', 'style', 'category', 'product', 'contact', 'payment', 'published'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
export type StoreSetup = Record<SetupStep, boolean>;

/** Where each step is done (the screens' paths, localized by the page). */
export const SETUP_STEP_PATHS: Record<SetupStep, string> = {
  logo: '/store/design',
  style: '/store/design',
  category: '/catalog/category/new',
  product: '/catalog/product/new',
  contact: '/store/contact',
  payment: '/store/payments',
  published: '/store/settings',
};

/**
 * An enabled product at or under this many units is "low stock" (with variants, when any of them is:
 * their sum hid one size running out behind the others, issue 40):
 * enough warning to reorder for a small store that sells a few units a day, as Shopify's and
 * Tiendanube's default alerts do.
 */
export const LOW_STOCK_THRESHOLD = 5;
/** How many low-stock products the desk lists; "see all" opens the product list by stock. */
export const LOW_STOCK_SHOWN = 5;
