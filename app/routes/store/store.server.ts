import { type LoaderFunctionArgs, redirect } from 'react-router';
import { appContext } from '#app-context';
import { currentUser } from '#app/lib/current-user.server.ts';
import { failure, invalid, readForm } from '#app/lib/form-action.server.ts';
import { optionalStoreScope } from '#app/lib/store-scope.server.ts';
import { parseForm } from '#common/form-parse.ts';
import { formValues } from '#common/forms.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { NewStoreSchema } from '#common/schemas/store.ts';

/** `/store`: the store home for an owner, the new-store form (home null) for a user without a store. */
export async function storeHomeLoader({ context }: LoaderFunctionArgs) {
  const app = context.get(appContext);
  const scope = optionalStoreScope(context);
  // The site's own address, so the store's future address reads the same on the server and in the browser.
  return { origin: app.config.publicUrl, home: scope ? await app.services.stores.getStoreHome(scope) : null };
}

/** Opens the user's store, then shows its home with a toast; a second store is refused by the service. */
export async function newStoreAction({ request, context }: LoaderFunctionArgs) {
  const app = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const values = formValues(await readForm(request));
  const parsed = parseForm(NewStoreSchema, values, locale);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    await app.services.stores.createStore({ userId: currentUser(context).id }, parsed.data);
  } catch (error) {
    return failure(error, values);
  }
  return redirect(`${localizePath('/store', locale)}?notice=created`);
}
