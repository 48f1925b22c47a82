// The type alone, apart from the functions that make one (store-scope.ts), so that the store
// repository — which those functions read — can take a scope too without an import cycle.

declare const scopeBrand: unique symbol;

/**
 * The store a request acts on (decision 025). Only the functions of store-scope.ts make one, each
 * after its own check, so a repository that takes a `StoreScope` cannot be handed a `{ storeId }` built
 * from a query string or a form. Resolved once per request: the page middleware and the API's
 * `requireStore` put it where loaders, actions and routes read it.
 */
export type StoreScope = {
  readonly storeId: number;
  readonly slug: string;
  /** How it was resolved: the owner's or a member's dashboard, a shopper's storefront, the back office, or a public image. */
  readonly via: 'owner' | 'member' | 'shop' | 'staff' | 'media';
  readonly [scopeBrand]: true;
};
