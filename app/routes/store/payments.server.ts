import { data, type LoaderFunctionArgs } from 'react-router';
import { parseForm } from '#common/form-parse.ts';
import { type FieldErrors, formValues } from '#common/forms.ts';
import { localeFromPath } from '#common/locale.ts';
import { gatewayFormSchema, gatewayInputOf, gatewayIntent, SALES_INTENT } from '#common/schemas/payment-gateway.ts';
import { salesSettingsFromForm, salesSettingsToForm, SalesSettingsFormSchema } from '#common/schemas/sales-settings.ts';
import { echo, failure, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';
import { AppError } from '#server/errors.ts';
import { EXPIRY_MINUTES } from '#server/modules/sales/payment/payment-gateways.ts';
import { type Gateway, GATEWAYS } from '#server/modules/sales/payment/payment-provider.ts';
import { providerOf } from '#server/modules/sales/payment/providers/registry.ts';

// /store/payments (issue 23 §2, issue 39 §2–3): thin adapters over the store-sales service and the
// store's gateways. The sales form types dollars and a percentage the page's way; the service
// keeps cents and basis points. Each gateway's card posts its own form (`intent=gateway-payphone`);
// every answer names its form (`intent`), so a card's errors show on that card only.

const gatewayOfIntent = (intent: string | undefined) => GATEWAYS.find((gateway) => gatewayIntent(gateway) === intent);

/**
 * The fields a service refused (StoreSalesInvalid, GatewayInvalid), each with its message. Known by
 * shape, not class: this bundle has its own copies of those classes, and the bound services throw
 * the server's (vite.config.ts shares only AppError's class across the two).
 */
function refusedFields(error: unknown): FieldErrors | null {
  const fields = error instanceof AppError ? (error as AppError & { fields?: unknown }).fields : undefined;
  return fields && typeof fields === 'object' ? (fields as FieldErrors) : null;
}

export async function paymentsLoader({ request, context }: LoaderFunctionArgs) {
  const scope = storeScope(context);
  const { storeSales, paymentGateways } = services(context);
  const locale = localeFromPath(new URL(request.url).pathname);
  const [settings, gateways] = await Promise.all([storeSales.loadStoreSales(scope), paymentGateways.loadGateways(scope)]);
  return {
    values: salesSettingsToForm(settings),
    // Whether credentials are saved, never what they are; each field's words in the page's language.
    gateways: gateways.map((settings) => ({
      ...settings,
      fields: providerOf(settings.gateway).fields.map((field) => ({ name: field.name, label: field.label[locale], help: field.help[locale], maxLength: field.maxLength })),
    })),
    expiry: { min: EXPIRY_MINUTES.min, max: EXPIRY_MINUTES.max },
  };
}

export async function paymentsAction({ request, context }: LoaderFunctionArgs) {
  const values = formValues(await readForm(request));
  const gateway = gatewayOfIntent(values.intent);
  if (gateway) return gatewayAction(request, context, gateway, values);
  // The sales settings' form, also when a post names no form (as it did before the gateways).
  if (values.intent !== undefined && values.intent !== SALES_INTENT) throw data(null, { status: 400 });
  const scope = storeScope(context);
  // An unticked switch sends nothing: said as "off", so a form sent back keeps it unticked.
  for (const name of ['cashOnDelivery', 'bankTransfer']) values[name] ??= '';
  const parsed = parseForm(SalesSettingsFormSchema, values, localeFromPath(new URL(request.url).pathname));
  const intent = SALES_INTENT;
  if (!parsed.ok) return data<FormResult>({ intent, errors: parsed.errors, formError: { key: 'store.updateFailed' }, values: echo(values) }, { status: 400 });
  const { storeSales } = services(context);
  try {
    await storeSales.saveStoreSales(scope, salesSettingsFromForm(parsed.data, await storeSales.loadStoreSales(scope)));
  } catch (error) {
    // Every refused field beside itself, not only the first.
    const fields = refusedFields(error);
    if (fields) return data<FormResult>({ intent, errors: fields, formError: { key: 'store.updateFailed' }, values: echo(values) }, { status: 400 });
    return failure(error, values);
  }
  return data<FormResult>({ intent, notice: 'store.updated', values: echo(values) });
}

/**
 * One gateway's card: checked with the schema its card used, then saved by the service, which
 * seals the credentials. What comes back is what was typed minus every credential: a secret is
 * never written into a page, not even the one that refused it.
 */
async function gatewayAction(request: Request, context: LoaderFunctionArgs['context'], gateway: Gateway, values: Record<string, string>) {
  const intent = gatewayIntent(gateway);
  const { fields } = providerOf(gateway);
  values.enabled ??= '';
  const typed = echo({ enabled: values.enabled, environment: values.environment ?? '', expiryMinutes: values.expiryMinutes ?? '' });
  const refused = (errors: FormResult['errors']) => data<FormResult>({ intent, errors, formError: { key: 'payment.settings.failed' }, values: typed }, { status: 400 });
  const parsed = parseForm(gatewayFormSchema(fields, EXPIRY_MINUTES), values, localeFromPath(new URL(request.url).pathname));
  if (!parsed.ok) return refused(parsed.errors);
  try {
    await services(context).paymentGateways.saveGateway(storeScope(context), gateway, gatewayInputOf(parsed.data, fields));
  } catch (error) {
    const fields = refusedFields(error);
    if (fields) return refused(fields);
    throw error;
  }
  return data<FormResult>({ intent, notice: 'payment.settings.saved', values: typed });
}
