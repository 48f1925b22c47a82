import { type LoaderFunctionArgs, redirect } from 'react-router';
import { formValues, parseWith } from '#common/forms.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { DeleteStoreSchema } from '#common/schemas/store.ts';
import { failure, invalid, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';

// `/store/delete` (issue 10 point 7): thin over `stores.checkStoreDeletion` and `stores.deleteStore`,
// which check the slug and the password.

export async function storeDeleteLoader({ context }: LoaderFunctionArgs) {
  const store = await services(context).stores.getStore(storeScope(context));
  return { store: { name: store.name, slug: store.slug } };
}

export async function storeDeleteAction({ request, context }: LoaderFunctionArgs) {
  const scope = storeScope(context);
  const values = formValues(await readForm(request));
  const parsed = parseWith(DeleteStoreSchema, values);
  if (!parsed.ok) return invalid(parsed.errors, values);
  // The form's button asks to check (`intent=check`): the slug and the password first, and only
  // when both are right does the screen ask the last question, whose answer sends `intent=delete`.
  if (values.intent === 'check') {
    try {
      await services(context).stores.checkStoreDeletion(scope, parsed.data);
    } catch (error) {
      return failure(error, values);
    }
    return { confirm: true, values: { slug: values.slug ?? '' } } satisfies FormResult;
  }
  try {
    await services(context).stores.deleteStore(scope, parsed.data);
  } catch (error) {
    return failure(error, values);
  }
  // Back to `/store`, which now offers the new-store form, with the deletion's toast.
  throw redirect(`${localizePath('/store', localeFromPath(new URL(request.url).pathname))}?notice=storeDeleted`);
}
