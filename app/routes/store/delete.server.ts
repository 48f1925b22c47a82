import { type LoaderFunctionArgs, redirect } from 'react-router';
import { formValues, parseWith } from '#common/forms.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { DeleteStoreSchema } from '#common/schemas/store.ts';
import { failure, invalid, readForm } from '#app/lib/form-action.server.ts';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';

// `/store/delete` (issue 10 point 7): thin over `stores.deleteStore`, which checks the slug and the password.

export async function storeDeleteLoader({ context }: LoaderFunctionArgs) {
  const store = await services(context).stores.getStore(storeScope(context));
  return { store: { name: store.name, slug: store.slug } };
}

export async function storeDeleteAction({ request, context }: LoaderFunctionArgs) {
  const scope = storeScope(context);
  const values = formValues(await readForm(request));
  const parsed = parseWith(DeleteStoreSchema, values);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    await services(context).stores.deleteStore(scope, parsed.data);
  } catch (error) {
    return failure(error, values);
  }
  // Back to `/store`, which now offers the new-store form, with the deletion's toast.
  throw redirect(`${localizePath('/store', localeFromPath(new URL(request.url).pathname))}?notice=storeDeleted`);
}
