import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { appContext } from '#app-context';
import { formValues, parseWith } from '#common/forms.ts';
import { listQuerySchema, parseListQuery } from '#common/list-query.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { parseForm } from '#common/form-parse.ts';
import { PackageInputSchema } from '#common/schemas/casillero.ts';
import { SettingsSchema } from '#common/schemas/setting.ts';
import { currentStaff } from '#app/lib/current-user.server.ts';
import { failure, invalid } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { matchesText, paginate } from '#server/db/paginate.ts';
import { listAllPackages, registerPackage } from '#server/modules/package/package.service.ts';
import { getSetting, putSetting } from '#server/modules/setting/setting.service.ts';

const here = (request: Request, path: string) => localizePath(path, localeFromPath(new URL(request.url).pathname));

const PackageListQuery = listQuerySchema({ sort: ['received'], defaultSort: 'received', filters: { status: ['in_warehouse', 'consolidating', 'shipped', 'in_customs', 'delivered'] } });

export async function packagesLoader({ request, context }: LoaderFunctionArgs) {
  currentStaff(context);
  const query = parseListQuery(PackageListQuery, new URL(request.url));
  const page = await listAllPackages(context.get(appContext).db, { q: query.q, page: query.page, status: query.filters.status as never });
  const linked = new URL(request.url).searchParams.get('linked');
  return { query, page, linkedAlert: linked && /^\d+$/.test(linked) ? Number(linked) : null };
}

export async function packagesAction({ request, context }: LoaderFunctionArgs) {
  const staff = currentStaff(context);
  const { db, mailer, config } = context.get(appContext);
  const values = formValues(await request.formData());
  const parsed = parseWith(PackageInputSchema, values);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    const { alertId } = await registerPackage({ db, mailer, publicUrl: config.publicUrl }, { userId: staff.id }, parsed.data);
    return redirect(`${here(request, '/admin/package')}?notice=created${alertId ? `&linked=${alertId}` : ''}`);
  } catch (error) {
    return failure(error, values);
  }
}

const ClientListQuery = listQuerySchema({ sort: ['created', 'name'], defaultSort: 'created' });

export async function clientsLoader({ request, context }: LoaderFunctionArgs) {
  currentStaff(context);
  const query = parseListQuery(ClientListQuery, new URL(request.url));
  let select = context
    .get(appContext)
    .db.selectFrom('user')
    .select(['id', 'name', 'lastname', 'email', 'lockerCode', 'documentType', 'documentNumber', 'phone', 'city', 'enabled', 'createdAt'])
    .where('role', '=', 'client');
  if (query.q) select = select.where(matchesText(['name', 'lastname', 'email', 'lockerCode', 'documentNumber'], query.q));
  const page = await paginate(select.orderBy(query.sort === 'name' ? 'name' : 'id', query.dir), query.page);
  return { query, page };
}

const AlertListQuery = listQuerySchema({ sort: ['created'], defaultSort: 'created', filters: { status: ['pending', 'received'] } });

export async function allAlertsLoader({ request, context }: LoaderFunctionArgs) {
  currentStaff(context);
  const query = parseListQuery(AlertListQuery, new URL(request.url));
  let select = context
    .get(appContext)
    .db.selectFrom('alert')
    .innerJoin('user', 'user.id', 'alert.userId')
    .select(['alert.id', 'alert.trackingNumber', 'alert.carrier', 'alert.store', 'alert.content', 'alert.declaredValueCents', 'alert.expectedDate', 'alert.status', 'alert.createdAt', 'user.lockerCode', 'user.name', 'user.lastname']);
  if (query.q) select = select.where(matchesText(['alert.trackingNumber', 'alert.store', 'user.lockerCode', 'user.name', 'user.lastname'], query.q));
  if (query.filters.status) select = select.where('alert.status', '=', query.filters.status as 'pending' | 'received');
  const page = await paginate(select.orderBy('alert.id', query.dir), query.page);
  return { query, page };
}

export async function settingsLoader({ context }: LoaderFunctionArgs) {
  currentStaff(context, ['admin']);
  const { db } = context.get(appContext);
  return { warehouse: await getSetting(db, 'warehouse_address'), ratePerLbCents: await getSetting(db, 'rate_per_lb_cents') };
}

export async function settingsAction({ request, context }: LoaderFunctionArgs) {
  currentStaff(context, ['admin']);
  const { db } = context.get(appContext);
  const values = formValues(await request.formData());
  const parsed = parseForm(SettingsSchema, values, localeFromPath(new URL(request.url).pathname));
  if (!parsed.ok) return invalid(parsed.errors, values);
  const { ratePerLb, ...warehouse } = parsed.data;
  await putSetting(db, 'warehouse_address', warehouse);
  await putSetting(db, 'rate_per_lb_cents', Math.round(ratePerLb * 100));
  return data<FormResult>({ notice: 'record.updated' });
}
