import { roleCan, type StoreAction } from '#common/store-permissions.ts';
import type { StoreContext } from './store-scope.ts';

/**
 * The one permission check (issue 38 §1, decision 088): the member's role, from the matrix in
 * common/store-permissions.ts, narrowed by the access token's scope when they came in with one — a
 * `read` token never writes, an `invoices` token reaches orders and invoices only.
 */
export function can(context: Pick<StoreContext, 'role' | 'entry'>, action: StoreAction): boolean {
  if (!roleCan(context.role, action)) return false;
  if (context.entry.kind !== 'token') return true;
  if (context.entry.scope === 'read') return !action.write;
  if (context.entry.scope === 'invoices') return action.area === 'orders';
  return true;
}
