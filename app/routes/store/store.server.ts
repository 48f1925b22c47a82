import type { LoaderFunctionArgs } from 'react-router';
import { appContext } from '#app-context';
import { serviceDeps, storeScope } from '#app/lib/store-scope.server.ts';
import { getStore } from '#server/modules/store/store.service.ts';

export async function storeHomeLoader({ context }: LoaderFunctionArgs) {
  return { store: await getStore(serviceDeps(context.get(appContext)), storeScope(context)) };
}
