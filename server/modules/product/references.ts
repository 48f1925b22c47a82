import type { MessageKey } from '#common/i18n/messages.ts';
import { AppError } from '#server/errors.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { isOwnRecord, type ReferenceTable } from './choices.repository.ts';

const REFERENCES: Record<string, { table: ReferenceTable; error: MessageKey }> = {
  categoryId: { table: 'category', error: 'catalog.product.categoryElsewhere' },
  brandId: { table: 'brand', error: 'catalog.product.referenceElsewhere' },
  colorId: { table: 'color', error: 'catalog.product.referenceElsewhere' },
  sizeId: { table: 'size', error: 'catalog.product.referenceElsewhere' },
  productId: { table: 'product', error: 'catalog.variant.productElsewhere' },
};

/**
 * Every id a form or API body names (category, brand, colour, size, product) must be a record of
 * the caller's store: another store's id — or one that never existed — is a field error, never a
 * link across stores (decision 025).
 */
export async function checkOwnReferences(deps: ServiceDeps, scope: StoreScope, values: Record<string, unknown>): Promise<void> {
  for (const [field, { table, error }] of Object.entries(REFERENCES)) {
    const id = values[field];
    if (typeof id !== 'number') continue;
    if (!(await isOwnRecord(deps.db, scope, table, id))) throw new AppError(error, 422, { field });
  }
}
