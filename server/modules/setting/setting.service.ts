import type { ServiceDeps } from '#server/service-deps.ts';
import * as settings from './setting.repository.ts';

// Site settings kept in the `setting` table (key → JSON); defaults until the back office saves one.
export type WarehouseAddress = { name: string; line1: string; line2: string; city: string; state: string; zip: string; country: string; phone: string };

const DEFAULTS = {
  warehouse_address: {
    name: 'Tiendabox Logistics',
    line1: '8500 NW 17th St',
    line2: 'Suite 100',
    city: 'Doral',
    state: 'FL',
    zip: '33126',
    country: 'United States',
    phone: '+1 305 555 0142',
  } as WarehouseAddress,
  /** USD per billable pound, in cents. */
  rate_per_lb_cents: 450,
};

export type Settings = typeof DEFAULTS;
export type SettingKey = keyof Settings;

export async function getSetting<K extends SettingKey>(deps: ServiceDeps, key: K): Promise<Settings[K]> {
  const { db } = deps;
  const value = await settings.findValue(db, key);
  if (value === undefined) return DEFAULTS[key];
  try {
    return JSON.parse(value) as Settings[K];
  } catch {
    return DEFAULTS[key];
  }
}

export async function putSetting<K extends SettingKey>(deps: ServiceDeps, key: K, value: Settings[K]): Promise<void> {
  const { db } = deps;
  await settings.putValue(db, { key, value: JSON.stringify(value), updatedAt: deps.clock.now().toISOString() });
}

/** The back office's settings screen: every setting at once, typed (a bound generic would lose its key). */
export async function getSiteSettings(deps: ServiceDeps) {
  return { warehouse: await getSetting(deps, 'warehouse_address'), ratePerLbCents: await getSetting(deps, 'rate_per_lb_cents') };
}

export async function putSiteSettings(deps: ServiceDeps, settings: { warehouse: WarehouseAddress; ratePerLbCents: number }) {
  await putSetting(deps, 'warehouse_address', settings.warehouse);
  await putSetting(deps, 'rate_per_lb_cents', settings.ratePerLbCents);
}
