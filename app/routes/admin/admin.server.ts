import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { appContext } from '#app-context';
import { formValues, parseWith } from '#common/forms.ts';
import { parseListQuery } from '#common/list-query.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { parseForm } from '#common/form-parse.ts';
import { AdminAlertListQuery as AlertListQuery, PackageInputSchema, PackageListQuery } from '#common/schemas/casillero.ts';
import { MaintenanceSwitchSchema, SettingsSchema, TermsTextSchema } from '#common/schemas/setting.ts';
import { ClientListQuery } from '#common/schemas/user.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { echo, failure, invalid, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';

const here = (request: Request, path: string) => localizePath(path, localeFromPath(new URL(request.url).pathname));

export async function packagesLoader({ request, context }: LoaderFunctionArgs) {
  const query = parseListQuery(PackageListQuery, new URL(request.url));
  const page = await context.get(appContext).services.packages.listAllPackages({ q: query.q, page: query.page, status: query.filters.status });
  const params = new URL(request.url).searchParams;
  const linked = params.get('linked');
  // Set by the action after a registration: the banner says the client was notified, and which alert it closed.
  return { query, page, registered: params.get('registered') === '1', linkedAlert: linked && /^\d+$/.test(linked) ? Number(linked) : null };
}

export async function packagesAction({ request, context }: LoaderFunctionArgs) {
  const staff = currentUser(context);
  const { packages } = context.get(appContext).services;
  const values = formValues(await readForm(request));
  const parsed = parseForm(PackageInputSchema, values, localeFromPath(new URL(request.url).pathname));
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    const { alertId } = await packages.registerPackage({ userId: staff.id }, parsed.data);
    return redirect(`${here(request, '/admin/package')}?notice=created&registered=1${alertId ? `&linked=${alertId}` : ''}`);
  } catch (error) {
    return failure(error, values);
  }
}

export async function clientsLoader({ request, context }: LoaderFunctionArgs) {
  const query = parseListQuery(ClientListQuery, new URL(request.url));
  return { query, page: await context.get(appContext).services.users.listClients(query) };
}

export async function allAlertsLoader({ request, context }: LoaderFunctionArgs) {
  const query = parseListQuery(AlertListQuery, new URL(request.url));
  return { query, page: await context.get(appContext).services.alerts.listAllAlerts(query) };
}

export async function settingsLoader({ context }: LoaderFunctionArgs) {
  const app = context.get(appContext);
  // The configuration's MAINTENANCE_MODE wins over the switch: the screen says so.
  return { ...(await app.services.settings.getSiteSettings()), maintenanceForced: app.config.maintenanceMode };
}

/** The screen's three forms: the warehouse (no intent, as before), the maintenance switch and the terms text. */
export async function settingsAction({ request, context }: LoaderFunctionArgs) {
  const { settings } = context.get(appContext).services;
  const values = formValues(await readForm(request));
  if (values.intent === 'maintenance') {
    const parsed = parseWith(MaintenanceSwitchSchema, values);
    if (!parsed.ok) return invalid(parsed.errors, values);
    await settings.setMaintenance(parsed.data.on);
    return data<FormResult>({ notice: parsed.data.on ? 'siteSettings.maintenance.turnedOn' : 'siteSettings.maintenance.turnedOff', intent: 'maintenance' });
  }
  if (values.intent === 'terms') {
    const parsed = parseWith(TermsTextSchema, values);
    if (!parsed.ok) return data<FormResult>({ errors: parsed.errors, values: echo(values), intent: 'terms' }, { status: 400 });
    await settings.putTermsText(parsed.data);
    return data<FormResult>({ notice: 'siteSettings.terms.saved', intent: 'terms' });
  }
  const parsed = parseForm(SettingsSchema, values, localeFromPath(new URL(request.url).pathname));
  if (!parsed.ok) return data<FormResult>({ errors: parsed.errors, values: echo(values), intent: 'warehouse' }, { status: 400 });
  const { ratePerLb, ...warehouse } = parsed.data;
  await settings.putSiteSettings({ warehouse, ratePerLbCents: Math.round(ratePerLb * 100) });
  return data<FormResult>({ notice: 'record.updated', intent: 'warehouse' });
}
