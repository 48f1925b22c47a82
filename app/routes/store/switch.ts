import { data, redirect } from 'react-router';
import { appContext } from '#app-context';
import { currentUser } from '#app/lib/current-user.server.ts';
import { readForm } from '#app/lib/form-action.server.ts';
import { formValues } from '#common/forms.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { safeRedirect } from '#common/safe-redirect.ts';
import type { Route } from './+types/switch';

// `POST /store/switch` with `store` (an id) and `back`: the header's store switcher (issue 38 §2).
// The session acts on the chosen store from the next request on; the screen it came from opens
// again — the header names the store in use — or the store home when that screen shows one of the
// other store's records.
// Not a page: a GET is a 404.

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const values = formValues(await readForm(request));
  const locale = localeFromPath(new URL(request.url).pathname);
  const storeId = values.store === 'default' ? 'default' : /^[1-9]\d{0,9}$/.test(values.store ?? '') ? Number(values.store) : 0;
  // Another store, or no store, is "not found", as another store's records are.
  if (storeId === 0) throw data(null, { status: 404 });
  await app.services.storeScopes.chooseStore({ user: currentUser(context), sessionToken: app.sessionToken, storeId }).catch(() => {
    throw data(null, { status: 404 });
  });
  // A record's screen (`?id=`) names the other store's record: the list or home is where to land.
  const back = new URL(safeRedirect(values.back, localizePath('/store', locale)), 'http://same-site.invalid');
  const landing = back.searchParams.has('id') ? localizePath('/store', locale) : back.pathname;
  return redirect(landing);
}

export function loader(): never {
  throw new Response(null, { status: 404 });
}
