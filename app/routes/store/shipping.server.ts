import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { parseForm } from '#common/form-parse.ts';
import { formValues } from '#common/forms.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { parseRecordId } from '#common/record-id.ts';
import { PickupFormSchema, RateFormSchema, rateFormOf, rateInputOfForm, ZoneFormSchema, zoneInputOfForm } from '#common/schemas/shipping.ts';
import { echo, failure, invalid, orNotFound, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';
import { AppError } from '#server/errors.ts';

// /store/shipping and its zone and rate forms (issue 40 §1, decision 090): thin adapters over the
// shipping service in the request's store. The forms type dollars and kilograms the page's way;
// the service keeps cents and grams. Area `settings` of the permission matrix.

const localeOf = (request: Request) => localeFromPath(new URL(request.url).pathname);
const back = (request: Request, notice: string) => redirect(`${localizePath('/store/shipping', localeOf(request))}?notice=${notice}`);
const idParam = (request: Request, name: string) => parseRecordId(new URL(request.url).searchParams.get(name));

/** A refusal of the service, every wrong field beside itself (known by shape: this bundle has its own classes). */
function refused(error: unknown, values: Record<string, string>, intent?: string) {
  const fields = error instanceof AppError ? (error as AppError & { fields?: Record<string, string> }).fields : undefined;
  if (fields) return data<FormResult>({ intent, errors: fields as FormResult['errors'], formError: { key: 'shipping.saveFailed' }, values: echo(values) }, { status: 400 });
  return failure(error, values);
}

export async function shippingLoader({ context }: LoaderFunctionArgs) {
  const scope = storeScope(context);
  const { shipping, storeSales } = services(context);
  const [zones, pickup, settings] = await Promise.all([shipping.listZones(scope), shipping.loadPickup(scope), storeSales.loadStoreSales(scope)]);
  return { zones, pickup, flatFeeCents: settings.shippingFeeCents };
}

export async function shippingAction({ request, context }: LoaderFunctionArgs) {
  const scope = storeScope(context);
  const { shipping } = services(context);
  const values = formValues(await readForm(request));
  const id = parseRecordId(values.id);
  try {
    switch (values.intent) {
      case 'delete-zone':
        if (id === null) throw data(null, { status: 404 });
        await shipping.deleteZone(scope, id);
        return back(request, 'zoneDeleted');
      case 'delete-rate':
        if (id === null) throw data(null, { status: 404 });
        await shipping.deleteRate(scope, id);
        return back(request, 'rateDeleted');
      case 'pickup': {
        values.enabled ??= '';
        const parsed = parseForm(PickupFormSchema, values, localeOf(request));
        if (!parsed.ok) return data<FormResult>({ intent: 'pickup', errors: parsed.errors, formError: { key: 'shipping.saveFailed' }, values: echo(values) }, { status: 400 });
        await shipping.savePickup(scope, parsed.data);
        return data<FormResult>({ intent: 'pickup', notice: 'shipping.pickupSaved', values: echo(values) });
      }
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    return refused(error, values, values.intent);
  }
}

/** The zone's form: a stored zone (`?id=`) or a new one. */
export async function zoneLoader({ request, context }: LoaderFunctionArgs) {
  const id = idParam(request, 'id');
  if (id === null) return { zone: null };
  return { zone: await orNotFound(services(context).shipping.getZone(storeScope(context), id)) };
}

/** The ticked checkboxes, each list one comma-separated value. */
function zoneValues(form: FormData): Record<string, string> {
  const all = (name: string) => form.getAll(name).filter((value): value is string => typeof value === 'string').join(',');
  return { ...formValues(form), provinces: all('provinces'), cantons: all('cantons') };
}

export async function zoneAction({ request, context }: LoaderFunctionArgs) {
  const scope = storeScope(context);
  const { shipping } = services(context);
  const values = zoneValues(await readForm(request));
  const parsed = parseForm(ZoneFormSchema, values, localeOf(request));
  if (!parsed.ok) return invalid(parsed.errors, values);
  const id = idParam(request, 'id');
  try {
    if (id === null) {
      const zone = await shipping.createZone(scope, zoneInputOfForm(parsed.data));
      return redirect(`${localizePath('/store/shipping/rate', localeOf(request))}?zone=${zone.id}&notice=zoneCreated`);
    }
    await shipping.updateZone(scope, id, zoneInputOfForm(parsed.data));
    return back(request, 'zoneSaved');
  } catch (error) {
    return refused(error, values);
  }
}

/** The rate's form: a stored rate (`?id=`) or a new one of the zone `?zone=`. */
export async function rateLoader({ request, context }: LoaderFunctionArgs) {
  const scope = storeScope(context);
  const { shipping } = services(context);
  const id = idParam(request, 'id');
  if (id !== null) {
    const rate = await orNotFound(shipping.getRate(scope, id));
    return { zone: await orNotFound(shipping.getZone(scope, rate.zoneId)), rate: { id: rate.id, values: rateFormOf(rate), brackets: rate.brackets.length } };
  }
  const zoneId = idParam(request, 'zone');
  if (zoneId === null) throw data(null, { status: 404 });
  return { zone: await orNotFound(shipping.getZone(scope, zoneId)), rate: null };
}

export async function rateAction({ request, context }: LoaderFunctionArgs) {
  const scope = storeScope(context);
  const { shipping } = services(context);
  const values = formValues(await readForm(request));
  const parsed = parseForm(RateFormSchema, values, localeOf(request));
  if (!parsed.ok) return invalid(parsed.errors, values);
  const id = idParam(request, 'id');
  try {
    if (id !== null) await shipping.updateRate(scope, id, rateInputOfForm(parsed.data));
    else {
      const zoneId = idParam(request, 'zone');
      if (zoneId === null) throw data(null, { status: 404 });
      await shipping.createRate(scope, zoneId, rateInputOfForm(parsed.data));
    }
    return back(request, 'rateSaved');
  } catch (error) {
    return refused(error, values);
  }
}
