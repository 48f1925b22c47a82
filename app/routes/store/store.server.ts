import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { appContext } from '#app-context';
import { currentUser } from '#app/lib/current-user.server.ts';
import { failure, invalid, readForm } from '#app/lib/form-action.server.ts';
import { optionalStoreScope, requireCan } from '#app/lib/store-scope.server.ts';
import { parseForm } from '#common/form-parse.ts';
import { formValues, parseWith } from '#common/forms.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { NewStoreSchema, RenewalRequestSchema } from '#common/schemas/store.ts';

/** `/store`: the store home for an owner, the new-store form (home null) for a user without a store. */
export async function storeHomeLoader({ context }: LoaderFunctionArgs) {
  const app = context.get(appContext);
  const scope = optionalStoreScope(context);
  // The site's own address, so the store's future address reads the same on the server and in the browser.
  const [home, plans] = scope ? await Promise.all([app.services.stores.getStoreHome(scope), app.services.plans.listPlans()]) : [null, []];
  // The plans an owner may ask to move to (the renewal request's choices): names only.
  return { origin: app.config.publicUrl, home, plans: plans.map((plan) => ({ id: plan.id, name: plan.name })) };
}

/**
 * Opens the user's store, then shows its home with a toast; a second store is refused by the
 * service. From the home, `intent=renewal` sends the owner's renewal request to staff instead.
 */
export async function newStoreAction({ request, context }: LoaderFunctionArgs) {
  const app = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const values = formValues(await readForm(request));
  if (values.intent === 'renewal') return renewalAction(context, locale, values);
  const parsed = parseForm(NewStoreSchema, values, locale);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    await app.services.stores.createStore({ userId: currentUser(context).id }, parsed.data);
  } catch (error) {
    return failure(error, values);
  }
  return redirect(`${localizePath('/store', locale)}?notice=created`);
}

/** The owner's request to renew or change the plan (issue 20 §12); staff are notified. */
async function renewalAction(context: LoaderFunctionArgs['context'], locale: 'es' | 'en', values: Record<string, string>) {
  const scope = optionalStoreScope(context);
  if (!scope) throw data(null, { status: 404 });
  requireCan(context, { area: 'plan', write: true });
  const parsed = parseWith(RenewalRequestSchema, values);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    await context.get(appContext).services.storeRenewals.requestRenewal(scope, parsed.data);
  } catch (error) {
    return failure(error, values);
  }
  return redirect(`${localizePath('/store', locale)}?notice=renewalSent`);
}
