import type { MessageKey } from '#common/i18n/messages.ts';
import { type PickupInput, PickupInputSchema, type RateInput, RateInputSchema, type ZoneInput, ZoneInputSchema } from '#common/schemas/shipping.ts';
import { RATE_KINDS, type RateBracket, type RateKind, type ShippingSetup, type ShippingZone, type StorePickup, type ZonePlace } from '#common/shipping-rates.ts';
import { AppError, notFound } from '#server/errors.ts';
import { emit } from '#server/events/events.ts';
import { loadStoreSales } from '#server/modules/sales/store-sales/store-sales.service.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import type { z } from 'zod';
import * as repository from './shipping.repository.ts';

// Shipping zones, rates and pickup in the store (issue 40 §1, decision 090): the owner's screen
// and the API change them here; the cart reads them whole (`loadShippingSetup`) to price an order.

/** A store may have this many zones: one per province and some to spare. */
export const MAX_ZONES = 40;
export const MAX_RATES_PER_ZONE = 10;

/** Refused input: each wrong field with its message key (shown beside the field), as StoreSalesInvalid. */
export class ShippingInvalid extends AppError {
  readonly fields: Record<string, MessageKey>;
  constructor(fields: Record<string, MessageKey>) {
    const [field, code] = Object.entries(fields)[0] ?? ['', 'validation.invalid' as MessageKey];
    super(code, 400, { field });
    this.fields = fields;
  }
}

function checked<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, MessageKey> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message as MessageKey;
  throw new ShippingInvalid(fields);
}

/**
 * `store.updated` of the section `shipping` (issue 38 §3), in the change's transaction: the activity
 * log and the webhooks hear what changed — which zone, rate or pickup, and its values now.
 */
async function shippingChanged(tx: ServiceDeps, scope: StoreScope, change: string, values: Record<string, unknown>): Promise<void> {
  await emit(tx, { type: 'store.updated', storeId: scope.storeId, resource: { kind: 'store', id: scope.storeId, label: scope.slug }, data: { id: scope.storeId, slug: scope.slug, section: 'shipping', change, ...values } });
}

// Written only through the schemas above: read back as they were written.
const placesOf = (json: string): ZonePlace[] => JSON.parse(json) as ZonePlace[];
const bracketsOf = (json: string): RateBracket[] => JSON.parse(json) as RateBracket[];
const kindOf = (kind: string): RateKind => (RATE_KINDS as readonly string[]).includes(kind) ? (kind as RateKind) : 'flat';

type RateRow = Awaited<ReturnType<typeof repository.listRates>>[number];
const rateOf = (row: RateRow) => ({ id: row.id, zoneId: row.zoneId, name: row.name, kind: kindOf(row.kind), brackets: bracketsOf(row.brackets), daysMin: row.daysMin, daysMax: row.daysMax, freeFromCents: row.freeFromCents });
export type RateView = ReturnType<typeof rateOf>;

/** The store's zones, each with its rates, in the order they were made. */
export async function listZones(deps: ServiceDeps, scope: StoreScope): Promise<ShippingZone[]> {
  const [zones, rates] = await Promise.all([repository.listZones(deps.db, scope), repository.listRates(deps.db, scope)]);
  return zones.map((zone) => ({ id: zone.id, name: zone.name, places: placesOf(zone.places), rates: rates.filter((rate) => rate.zoneId === zone.id).map(rateOf) }));
}

export async function getZone(deps: ServiceDeps, scope: StoreScope, id: number): Promise<ShippingZone> {
  const zone = (await listZones(deps, scope)).find((item) => item.id === id);
  if (!zone) throw notFound();
  return zone;
}

export async function getRate(deps: ServiceDeps, scope: StoreScope, id: number): Promise<RateView> {
  const row = await repository.findRate(deps.db, scope, id);
  if (!row) throw notFound();
  return rateOf(row);
}

export async function loadPickup(deps: ServiceDeps, scope: StoreScope): Promise<StorePickup> {
  const row = await repository.findPickup(deps.db, scope);
  return row ? { enabled: row.enabled === 1, address: row.address, instructions: row.instructions } : { enabled: false, address: '', instructions: '' };
}

/** What the cart prices shipping with: the zones, the pickup, and the sales settings' flat fee (for a store with no zone). */
export async function loadShippingSetup(deps: ServiceDeps, scope: StoreScope): Promise<ShippingSetup> {
  const [zones, pickup, settings] = await Promise.all([listZones(deps, scope), loadPickup(deps, scope), loadStoreSales(deps, scope)]);
  return { zones, pickup, flat: { feeCents: settings.shippingFeeCents, freeFromCents: settings.freeShippingFromCents } };
}

const zoneValues = (zone: ZoneInput) => ({ name: zone.name, places: JSON.stringify(zone.places.map((place) => ({ province: place.province, cantons: [...new Set(place.cantons)] }))) });

export async function createZone(deps: ServiceDeps, scope: StoreScope, input: ZoneInput): Promise<ShippingZone> {
  const zone = checked(ZoneInputSchema, input);
  return inTransaction(deps, async (tx) => {
    if ((await repository.listZones(tx.db, scope)).length >= MAX_ZONES) throw new AppError('shipping.tooManyZones', 409, { vars: { limit: MAX_ZONES } });
    const id = await repository.insertZone(tx.db, scope, zoneValues(zone), tx.clock.now().toISOString());
    const made = await getZone(tx, scope, id);
    await shippingChanged(tx, scope, 'zone.created', { zone: made });
    return made;
  });
}

export async function updateZone(deps: ServiceDeps, scope: StoreScope, id: number, input: ZoneInput): Promise<ShippingZone> {
  const zone = checked(ZoneInputSchema, input);
  return inTransaction(deps, async (tx) => {
    if (!(await repository.updateZone(tx.db, scope, id, zoneValues(zone), tx.clock.now().toISOString()))) throw notFound();
    const changed = await getZone(tx, scope, id);
    await shippingChanged(tx, scope, 'zone.updated', { zone: changed });
    return changed;
  });
}

/** Removes the zone with its rates: its provinces are no longer shipped to (unless another zone has them). */
export async function deleteZone(deps: ServiceDeps, scope: StoreScope, id: number): Promise<void> {
  await inTransaction(deps, async (tx) => {
    if (!(await repository.deleteZone(tx.db, scope, id))) throw notFound();
    await shippingChanged(tx, scope, 'zone.deleted', { zoneId: id });
  });
}

const rateValues = (rate: RateInput) => ({ name: rate.name, kind: rate.kind, brackets: JSON.stringify(rate.brackets), daysMin: rate.daysMin, daysMax: rate.daysMax, freeFromCents: rate.freeFromCents });

export async function createRate(deps: ServiceDeps, scope: StoreScope, zoneId: number, input: RateInput): Promise<RateView> {
  const rate = checked(RateInputSchema, input);
  return inTransaction(deps, async (tx) => {
    if (!(await repository.findZone(tx.db, scope, zoneId))) throw notFound();
    if ((await repository.listRates(tx.db, scope)).filter((row) => row.zoneId === zoneId).length >= MAX_RATES_PER_ZONE) throw new AppError('shipping.tooManyRates', 409, { vars: { limit: MAX_RATES_PER_ZONE } });
    const id = await repository.insertRate(tx.db, scope, zoneId, rateValues(rate), tx.clock.now().toISOString());
    const made = await getRate(tx, scope, id);
    await shippingChanged(tx, scope, 'rate.created', { rate: made });
    return made;
  });
}

export async function updateRate(deps: ServiceDeps, scope: StoreScope, id: number, input: RateInput): Promise<RateView> {
  const rate = checked(RateInputSchema, input);
  return inTransaction(deps, async (tx) => {
    if (!(await repository.updateRate(tx.db, scope, id, rateValues(rate), tx.clock.now().toISOString()))) throw notFound();
    const changed = await getRate(tx, scope, id);
    await shippingChanged(tx, scope, 'rate.updated', { rate: changed });
    return changed;
  });
}

export async function deleteRate(deps: ServiceDeps, scope: StoreScope, id: number): Promise<void> {
  await inTransaction(deps, async (tx) => {
    if (!(await repository.deleteRate(tx.db, scope, id))) throw notFound();
    await shippingChanged(tx, scope, 'rate.deleted', { rateId: id });
  });
}

export async function savePickup(deps: ServiceDeps, scope: StoreScope, input: PickupInput): Promise<StorePickup> {
  const pickup = checked(PickupInputSchema, input);
  await inTransaction(deps, async (tx) => {
    await repository.upsertPickup(tx.db, scope, { enabled: pickup.enabled ? 1 : 0, address: pickup.address, instructions: pickup.instructions }, tx.clock.now().toISOString());
    await shippingChanged(tx, scope, 'pickup.updated', { pickup });
  });
  return pickup;
}
