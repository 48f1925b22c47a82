import type { LoaderFunctionArgs } from 'react-router';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { Services } from '#server/services.ts';

// The Marketing page's abandoned-cart card (issue 40 §6, decision 094): its figures for the loader,
// and its confirmed switch as an intent of the page's action.

export const cartReminderSummary = ({ context }: Pick<LoaderFunctionArgs, 'context'>) => services(context).abandonedCarts.cartReminderSummary(storeScope(context));

export const cartRemindersIntent = ({ services: bound, scope, values }: { services: Services; scope: StoreScope; values: Record<string, string> }) =>
  bound.abandonedCarts.setCartReminders(scope, values.enabled === 'true');
