import type { MessageKey } from '#common/i18n/messages.ts';
import type { Config } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { emit } from '#server/events/events.ts';
import { openWithServerKey, sealWithServerKey } from '#server/modules/sales/sri-certificate/sealed.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { type Gateway, type GatewayContext, type GatewayEnvironment, GATEWAYS } from './payment-provider.ts';
import * as repository from './payment-gateways.repository.ts';
import { providerOf } from './providers/registry.ts';

// A store's gateways (issue 39 §2, §3, §7): on or off, sandbox or live, the minutes an unpaid order
// waits, and the gateway's credentials — sealed with AES-256-GCM under the server's key, bound to
// the store and gateway, opened only to call the gateway, and never shown again (the screen says
// "saved" and takes new ones).

const PURPOSE = 'payment-gateway-credentials';
const label = (storeId: number, gateway: Gateway) => `store_payment_gateway.credentials:${storeId}:${gateway}`;

/** An unpaid gateway order waits this long unless the store says otherwise. */
export const DEFAULT_EXPIRY_MINUTES = 60;
export const EXPIRY_MINUTES = { min: 10, max: 7 * 24 * 60 } as const;

/**
 * Where a shopper may be sent to pay (the checkout's and the order page's form-action): each
 * gateway's configured API origin — PayPhone's pay page and the doubles live there — and PayPal's
 * approval pages, which are on www.(sandbox.)paypal.com beside its api-m API.
 */
export function gatewayPageOrigins(config: Pick<Config, 'payments'>): string[] {
  const origins = new Set<string>();
  for (const urls of [config.payments.payphone, config.payments.paypal]) {
    for (const url of [urls.sandbox, urls.live]) {
      const { origin, hostname } = new URL(url);
      origins.add(origin);
      if (hostname === 'api-m.paypal.com') origins.add('https://www.paypal.com');
      if (hostname === 'api-m.sandbox.paypal.com') origins.add('https://www.sandbox.paypal.com');
    }
  }
  return [...origins];
}

/** A gateway as the settings screen and the checkout see it: nothing secret. */
export type GatewaySettings = { gateway: Gateway; enabled: boolean; environment: GatewayEnvironment; configured: boolean; expiryMinutes: number };

const rowOf = (deps: ServiceDeps, scope: StoreScope, gateway: Gateway) => repository.findGatewayRow(deps.db, scope, gateway);

/** Every gateway of the store, those never set up with their defaults. */
export async function loadGateways(deps: ServiceDeps, scope: StoreScope): Promise<GatewaySettings[]> {
  const rows = await repository.gatewayRows(deps.db, scope);
  return GATEWAYS.map((gateway) => {
    const row = rows.find((item) => item.gateway === gateway);
    return { gateway, enabled: row?.enabled === 1, environment: row?.environment === 'live' ? 'live' : 'sandbox', configured: Boolean(row?.credentialsSealed), expiryMinutes: row?.expiryMinutes ?? DEFAULT_EXPIRY_MINUTES };
  });
}

/** The gateways a shopper may pay with now: switched on and with credentials. */
export const enabledGateways = async (deps: ServiceDeps, scope: StoreScope) => (await loadGateways(deps, scope)).filter((item) => item.enabled && item.configured).map((item) => item.gateway);

export async function gatewayExpiryMinutes(deps: ServiceDeps, scope: StoreScope, gateway: Gateway): Promise<number> {
  return (await rowOf(deps, scope, gateway))?.expiryMinutes ?? DEFAULT_EXPIRY_MINUTES;
}

/** How to call the gateway for this store (credentials opened); null when it has none. */
export async function gatewayContext(deps: ServiceDeps, scope: StoreScope, gateway: Gateway): Promise<GatewayContext | null> {
  const row = await rowOf(deps, scope, gateway);
  if (!row?.credentialsSealed) return null;
  const environment: GatewayEnvironment = row.environment === 'live' ? 'live' : 'sandbox';
  const credentials = JSON.parse(openWithServerKey(deps.config, PURPOSE, row.credentialsSealed, label(scope.storeId, gateway))) as Record<string, string>;
  return { credentials, environment, apiUrl: deps.config.payments[gateway][environment], timeoutMs: deps.config.payments.timeoutMs };
}

export type GatewayInput = { enabled: boolean; environment: GatewayEnvironment; expiryMinutes: number; credentials: Record<string, string> };

/** Refused settings: each wrong field with its message key. */
export class GatewayInvalid extends AppError {
  readonly fields: Record<string, MessageKey>;
  constructor(fields: Record<string, MessageKey>) {
    const [field, code] = Object.entries(fields)[0] ?? ['', 'validation.invalid' as MessageKey];
    super(code, 400, { field });
    this.fields = fields;
  }
}

/**
 * Saves a gateway's settings. Credentials given replace the sealed ones whole (every field of the
 * gateway, each within its length); none given keeps those saved. Switching on needs credentials.
 * The event says which settings moved, never a credential.
 */
export async function saveGateway(deps: ServiceDeps, scope: StoreScope, gateway: Gateway, input: GatewayInput): Promise<GatewaySettings> {
  const provider = providerOf(gateway);
  const fields: Record<string, MessageKey> = {};
  const given = Object.values(input.credentials).some((value) => value.trim() !== '');
  if (given) {
    for (const field of provider.fields) {
      const value = (input.credentials[field.name] ?? '').trim();
      if (value === '') fields[field.name] = 'validation.required';
      else if (value.length > field.maxLength || (field.pattern && !field.pattern.test(value))) fields[field.name] = 'validation.invalid';
    }
  }
  if (!Number.isInteger(input.expiryMinutes) || input.expiryMinutes < EXPIRY_MINUTES.min || input.expiryMinutes > EXPIRY_MINUTES.max) fields.expiryMinutes = 'validation.invalid';
  const existing = await rowOf(deps, scope, gateway);
  if (input.enabled && !given && !existing?.credentialsSealed) fields.enabled = 'payment.gateway.needsCredentials' as MessageKey;
  if (Object.keys(fields).length > 0) throw new GatewayInvalid(fields);
  const now = deps.clock.now().toISOString();
  const sealed = given ? sealWithServerKey(deps.config, PURPOSE, JSON.stringify(Object.fromEntries(provider.fields.map((field) => [field.name, input.credentials[field.name]!.trim()]))), label(scope.storeId, gateway)) : (existing?.credentialsSealed ?? null);
  const values = { enabled: input.enabled ? 1 : 0, environment: input.environment, expiryMinutes: input.expiryMinutes, credentialsSealed: sealed, updatedAt: now };
  await inTransaction(deps, async (tx) => {
    await repository.upsertGateway(tx.db, scope, gateway, values);
    const changes: Record<string, [unknown, unknown]> = {};
    if ((existing?.enabled === 1) !== input.enabled) changes[`${gateway}.enabled`] = [existing?.enabled === 1, input.enabled];
    if ((existing?.environment ?? 'sandbox') !== input.environment) changes[`${gateway}.environment`] = [existing?.environment ?? 'sandbox', input.environment];
    if ((existing?.expiryMinutes ?? DEFAULT_EXPIRY_MINUTES) !== input.expiryMinutes) changes[`${gateway}.expiryMinutes`] = [existing?.expiryMinutes ?? DEFAULT_EXPIRY_MINUTES, input.expiryMinutes];
    if (given) changes[`${gateway}.credentials`] = ['…', 'nuevas'];
    if (Object.keys(changes).length === 0) return;
    await emit(tx, { type: 'store.updated', storeId: scope.storeId, resource: { kind: 'store', id: scope.storeId, label: scope.slug }, data: { id: scope.storeId, slug: scope.slug, section: 'payments', gateway, enabled: input.enabled, environment: input.environment, expiryMinutes: input.expiryMinutes }, changes });
  });
  return { gateway, enabled: input.enabled, environment: input.environment, configured: sealed !== null, expiryMinutes: input.expiryMinutes };
}
