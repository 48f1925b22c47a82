import { data, type LoaderFunctionArgs } from 'react-router';
import { appContext } from '#app-context';
import { echo, failure, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';
import { parseForm } from '#common/form-parse.ts';
import { formValues } from '#common/forms.ts';
import { localeFromPath } from '#common/locale.ts';
import { STORE_SECTION_SCHEMAS, type StoreSectionName } from '#common/schemas/store.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { Services } from '#server/services.ts';

/** A second button of a section's screen (settings' confirmed publish toggle): its own intent. */
type Intent = (work: { services: Services; scope: StoreScope; values: Record<string, string> }) => Promise<void>;

/**
 * The one kit of the four store forms (settings, marketing, contact, analytics): the loader reads the
 * section's columns through the service, the action checks them with the section's schema, saves
 * them and answers with the store's own texts (PRODUCT §7). `/api/v1/store/{section}` shares both.
 */
export function storeSectionRoute<S extends StoreSectionName>(section: S, intents: Record<string, Intent> = {}) {
  const loader = async ({ context }: LoaderFunctionArgs) => ({
    values: await services(context).stores.getStoreSection(storeScope(context), section),
    origin: context.get(appContext).config.publicUrl,
  });

  const action = async ({ request, context }: LoaderFunctionArgs) => {
    const scope = storeScope(context);
    const values = formValues(await readForm(request));
    try {
      const intent = Object.hasOwn(intents, values.intent ?? '') ? intents[values.intent!] : undefined;
      if (intent) {
        await intent({ services: services(context), scope, values });
        return data<FormResult>({ notice: 'store.updated' });
      }
      const parsed = parseForm(STORE_SECTION_SCHEMAS[section], values, localeFromPath(new URL(request.url).pathname));
      if (!parsed.ok) return data<FormResult>({ errors: parsed.errors, formError: { key: 'store.updateFailed' }, values: echo(values) }, { status: 400 });
      await services(context).stores.updateStoreSection(scope, section, parsed.data as never);
    } catch (error) {
      return failure(error, values);
    }
    return data<FormResult>({ notice: 'store.updated' });
  };

  return { loader, action };
}
