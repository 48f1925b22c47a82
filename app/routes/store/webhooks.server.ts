import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { formValues } from '#common/forms.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { parseForm } from '#common/form-parse.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { parseRecordId } from '#common/record-id.ts';
import { WebhookEndpointFormSchema } from '#common/webhook.ts';
import { failure, invalid, orNotFound, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';
import { AppError } from '#server/errors.ts';

// The store's webhooks (/store/webhooks, issue 38 §5): thin adapters over the webhook service, in
// the request's store context. Owners and administrators only: the permission matrix's `webhooks`
// area (server/tenancy/route-areas.ts) answers anyone else before these run.

/** A created endpoint's or a rotated secret: the only answer that carries it (the page is no-store). */
export type WebhookActionResult = FormResult & { secret?: string; created?: { id: number }; urlError?: { key: MessageKey; vars: Record<string, string | number> } };

export async function webhooksLoader({ context }: LoaderFunctionArgs) {
  return { endpoints: await services(context).webhooks.listEndpoints(storeScope(context)) };
}

/** The form's fields as typed, the ticked events kept as one comma-separated value. */
function typed(form: FormData): Record<string, string> {
  return { ...formValues(form), events: form.getAll('events').filter((value) => typeof value === 'string').join(',') };
}

/** An endpoint refused on its URL names why (the address's kind, the host): the field's message carries it. */
function refused(error: unknown, values: Record<string, string>) {
  if (error instanceof AppError && error.field === 'url' && error.vars) {
    return data<WebhookActionResult>({ errors: { url: error.code }, urlError: { key: error.code, vars: error.vars }, values }, { status: error.status });
  }
  return failure(error, values);
}

export async function webhookNewAction({ request, context }: LoaderFunctionArgs) {
  const form = await readForm(request);
  const values = typed(form);
  const parsed = parseForm(WebhookEndpointFormSchema, form, localeFromPath(new URL(request.url).pathname));
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    const { endpoint, secret } = await services(context).webhooks.createEndpoint(storeScope(context), parsed.data);
    return data<WebhookActionResult>({ created: { id: endpoint.id }, secret, notice: 'webhook.created' });
  } catch (error) {
    return refused(error, values);
  }
}

function endpointId(request: Request): number {
  const id = parseRecordId(new URL(request.url).searchParams.get('id'));
  if (id === null) throw data(null, { status: 404 });
  return id;
}

export async function webhookShowLoader({ request, context }: LoaderFunctionArgs) {
  const id = endpointId(request);
  const scope = storeScope(context);
  const { webhooks } = services(context);
  const endpoint = await orNotFound(webhooks.getEndpoint(scope, id));
  return { endpoint, deliveries: await webhooks.listDeliveries(scope, id) };
}

export async function webhookShowAction({ request, context }: LoaderFunctionArgs) {
  const id = endpointId(request);
  const scope = storeScope(context);
  const { webhooks } = services(context);
  const form = await readForm(request);
  const values = typed(form);
  try {
    switch (values.intent) {
      case 'test':
        await webhooks.sendTestEvent(scope, id);
        return data<WebhookActionResult>({ notice: 'webhook.testQueued' });
      case 'redeliver': {
        const deliveryId = parseRecordId(values.deliveryId);
        if (deliveryId === null) throw data(null, { status: 404 });
        await webhooks.redeliver(scope, id, deliveryId);
        return data<WebhookActionResult>({ notice: 'webhook.redelivered' });
      }
      case 'rotate':
        return data<WebhookActionResult>({ ...(await webhooks.rotateSecret(scope, id)), notice: 'webhook.rotated' });
      case 'delete': {
        await webhooks.deleteEndpoint(scope, id);
        const locale = localeFromPath(new URL(request.url).pathname);
        return redirect(`${localizePath('/store/webhooks', locale)}?notice=webhook.deleted`);
      }
      default: {
        const parsed = parseForm(WebhookEndpointFormSchema, form, localeFromPath(new URL(request.url).pathname));
        if (!parsed.ok) return invalid(parsed.errors, values);
        await webhooks.updateEndpoint(scope, id, parsed.data);
        return data<WebhookActionResult>({ notice: 'webhook.saved' });
      }
    }
  } catch (error) {
    return refused(error, values);
  }
}
