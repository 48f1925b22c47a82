import { data, type LoaderFunctionArgs } from 'react-router';
import { parseForm } from '#common/form-parse.ts';
import { formValues } from '#common/forms.ts';
import { localeFromPath } from '#common/locale.ts';
import { StoreDesignSchema } from '#common/schemas/store.ts';
import { readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';
import { AppError } from '#server/errors.ts';

// /store/design: thin adapters over the store service's design block (updateDesign, getDesign).

export async function storeDesignLoader({ context }: LoaderFunctionArgs) {
  const scope = storeScope(context);
  const { stores } = services(context);
  const [store, design] = await Promise.all([stores.getStore(scope), stores.getDesign(scope)]);
  return { storeName: store.name, design };
}

export async function storeDesignAction({ request, context }: LoaderFunctionArgs) {
  const scope = storeScope(context);
  const values = formValues(await readForm(request));
  const parsed = parseForm(StoreDesignSchema, values, localeFromPath(new URL(request.url).pathname));
  if (!parsed.ok) return data<FormResult>({ errors: parsed.errors, formError: { key: 'store.updateFailed' }, values }, { status: 400 });
  try {
    await services(context).stores.updateDesign(scope, parsed.data);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    // A refused logo is said beside the logo field; the whole form says the store was not updated.
    const errors = error.field ? { [error.field]: error.code } : undefined;
    return data<FormResult>({ errors, formError: { key: 'store.updateFailed' }, values }, { status: error.status === 404 ? 400 : error.status });
  }
  return { notice: 'store.updated', values } satisfies FormResult;
}
