import type { LoaderFunctionArgs } from 'react-router';
import { appContext } from '#app-context';
import { storeScope } from '#app/lib/store-scope.server.ts';

export async function storeHomeLoader({ context }: LoaderFunctionArgs) {
  return { store: await context.get(appContext).services.stores.getStore(storeScope(context)) };
}
