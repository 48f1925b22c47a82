import type { ServiceDeps } from '#server/service-deps.ts';
import * as settings from './setting.repository.ts';

// Site settings kept in the `setting` table (key → JSON); defaults until the back office saves one.
export type TermsText = { es: string; en: string };
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
  /** The back office's maintenance switch (issue 40, defect 11): see `maintenanceOn`. */
  maintenance_mode: false as boolean,
  /** The terms page's text per language, as the admin wrote it; '' shows the text the app ships with. */
  terms_text: { es: '', en: '' } as TermsText,
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
  return {
    warehouse: await getSetting(deps, 'warehouse_address'),
    ratePerLbCents: await getSetting(deps, 'rate_per_lb_cents'),
    maintenance: await getSetting(deps, 'maintenance_mode'),
    terms: await getSetting(deps, 'terms_text'),
  };
}

/** The terms page's text in a language as the admin wrote it, or '' for the app's own. */
export const termsText = async (deps: ServiceDeps, locale: keyof TermsText) => (await getSetting(deps, 'terms_text'))[locale] ?? '';

export const putTermsText = (deps: ServiceDeps, terms: TermsText) => putSetting(deps, 'terms_text', terms);

// Maintenance mode (PRODUCT §2, issue 40 defect 11, decision 092) has two ways in: MAINTENANCE_MODE in
// the server's configuration (the operator's, for a deploy: nobody passes), and this switch of the
// back office, kept in the database so that every process of the site follows it. Each process reads
// it at most every MAINTENANCE_TTL_MS (one read shared by the requests that ask meanwhile), so another
// process's change shows within that; the process that changed it sees it at once.

/** Whether the site is in maintenance, and whose: the configuration's (nobody passes) or the admin's switch (admins pass). */
export type MaintenanceState = 'off' | 'config' | 'admin';

/** How long a process trusts its last read of the switch. */
export const MAINTENANCE_TTL_MS = 2000;

/** The last read per database (a test file's database is its own), or the read under way. */
const maintenanceReads = new WeakMap<object, { on: boolean; at: number } | Promise<boolean>>();

export function maintenanceOn(deps: ServiceDeps): Promise<boolean> {
  const known = maintenanceReads.get(deps.db);
  if (known instanceof Promise) return known;
  if (known && Date.now() - known.at < MAINTENANCE_TTL_MS) return Promise.resolve(known.on);
  const reading = getSetting(deps, 'maintenance_mode')
    .then((on) => on === true)
    // A database that cannot answer is no reason to close the site: the last known state stands.
    .catch(() => (known ? known.on : false))
    .then((on) => {
      maintenanceReads.set(deps.db, { on, at: Date.now() });
      return on;
    });
  maintenanceReads.set(deps.db, reading);
  return reading;
}

/** What the last read said, for a caller that cannot wait (the page cache's bypass): false before any. */
export function maintenanceLastKnown(deps: ServiceDeps): boolean {
  const known = maintenanceReads.get(deps.db);
  return Boolean(known && !(known instanceof Promise) && known.on);
}

/** The admin's switch: on or off for every process of the site. */
export async function setMaintenance(deps: ServiceDeps, on: boolean): Promise<void> {
  await putSetting(deps, 'maintenance_mode', on);
  maintenanceReads.delete(deps.db);
}

export async function putSiteSettings(deps: ServiceDeps, settings: { warehouse: WarehouseAddress; ratePerLbCents: number }) {
  await putSetting(deps, 'warehouse_address', settings.warehouse);
  await putSetting(deps, 'rate_per_lb_cents', settings.ratePerLbCents);
}
