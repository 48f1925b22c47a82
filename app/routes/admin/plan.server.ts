import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { formValues } from '#common/forms.ts';
import { parseForm } from '#common/form-parse.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { PlanInputSchema, PlanFilter, StoreListQuery, StorePlanSchema } from '#common/schemas/plan.ts';
import { parseListQuery } from '#common/list-query.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { failure, invalid, orNotFound, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { services } from '#app/lib/services.server.ts';
import { recordIdSchema } from '#common/record-id.ts';

// /admin/plan (admin-only layout) and /admin/store (back office: staff read, admin write): thin
// adapters over services.plans and services.stores (issue 10 §8).

const Id = recordIdSchema();
const here = (request: Request, path: string) => localizePath(path, localeFromPath(new URL(request.url).pathname));

/** The plans; `?new=1` or `?edit=<id>` opens the form (a URL, so it works without JavaScript). */
export async function plansLoader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const rows = await services(context).plans.listPlansWithUsage();
  const editId = Id.safeParse(params.get('edit'));
  const editing = editId.success ? rows.find((row) => row.id === editId.data) ?? null : null;
  if (params.has('edit') && !editing) throw data(null, { status: 404 });
  return { rows, editing, creating: !editing && params.get('new') === '1' };
}

export async function plansAction({ request, context }: LoaderFunctionArgs) {
  const { plans } = services(context);
  const values = formValues(await readForm(request));
  const back = (notice: string) => redirect(`${here(request, '/admin/plan')}?notice=${notice}`);
  const intent = values.intent;
  try {
    if (intent === 'delete') {
      const id = Id.safeParse(values.id);
      if (!id.success) return data<FormResult>({ formError: { key: 'record.deleteError' } }, { status: 400 });
      await plans.deletePlan(id.data);
      return back('deleted');
    }
    if (intent !== 'create' && intent !== 'update') return data<FormResult>({ formError: { key: 'record.updateError' } }, { status: 400 });
    const parsed = parseForm(PlanInputSchema, values, localeFromPath(new URL(request.url).pathname));
    if (!parsed.ok) return invalid(parsed.errors, values);
    if (intent === 'create') {
      await plans.createPlan(parsed.data);
      return back('created');
    }
    const id = Id.safeParse(values.id);
    if (!id.success) throw data(null, { status: 404 });
    await plans.updatePlan(id.data, parsed.data);
    return back('updated');
  } catch (error) {
    return failure(error, values);
  }
}

/** All stores, with the plans for the filter; the page reads `?plan=` apart from the enum filters. */
export async function storesLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = parseListQuery(StoreListQuery, url);
  const plan = PlanFilter.parse(url.searchParams.get('plan') ?? undefined);
  const { stores, plans } = services(context);
  const [page, allPlans] = await Promise.all([stores.listStoresForStaff({ q: query.q, page: query.page, sort: query.sort, dir: query.dir, plan, ...query.filters }), plans.listPlans()]);
  return { query: { ...query, filters: { ...query.filters, plan: plan ? String(plan) : undefined } }, page, plans: allPlans.map(({ id, name }) => ({ id, name })), now: services(context).deps.clock.now().toISOString() };
}

/** One store for staff; the admin also gets the plans to choose from. */
export async function storeShowLoader({ request, context }: LoaderFunctionArgs) {
  const { stores, storeScopes, plans } = services(context);
  const store = await orNotFound(storeScopes.staffStoreScope(recordId(request)).then((scope) => stores.getStoreForStaff(scope)));
  const isAdmin = currentUser(context).role === 'admin';
  return { store, isAdmin, plans: isAdmin ? (await plans.listPlans()).map(({ id, name }) => ({ id, name })) : [], now: services(context).deps.clock.now().toISOString() };
}

/** The admin sets the plan and expiration; for staff the action does not exist (404, as in the API). */
export async function storeShowAction({ request, context }: LoaderFunctionArgs) {
  const user = currentUser(context);
  if (user.role !== 'admin') throw data(null, { status: 404 });
  const { stores, storeScopes } = services(context);
  const id = recordId(request);
  const values = formValues(await readForm(request));
  const parsed = parseForm(StorePlanSchema, values, localeFromPath(new URL(request.url).pathname));
  if (!parsed.ok) return invalid(parsed.errors, values);
  let refused: unknown = null;
  try {
    const scope = await storeScopes.staffStoreScope(id);
    // In the store's scope and as staff, through the bound services (the server's copy of the
    // actor's store, which `emit` reads): the store's activity log names the admin as Tiendabox
    // staff (issue 38 §4).
    await storeScopes.runInContext(
      { scope, actor: { kind: 'staff', userId: user.id, name: user.name } },
      async () => {
        await stores.setStorePlan(scope, { role: user.role }, parsed.data).catch((error: unknown) => {
          refused = error;
        });
        return new Response(null);
      },
    );
  } catch (error) {
    refused = error;
  }
  if (refused !== null) return failure(refused, values);
  return redirect(`${here(request, '/admin/store/show')}?id=${id}&notice=updated`);
}
