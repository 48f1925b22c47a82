import type { TFunction } from 'i18next';
import { formatDate } from './dates.ts';
import { isIvaCode, ivaLabel } from './iva.ts';
import type { MessageKey } from './i18n/messages.ts';
import { type Locale, localizePath } from './locale.ts';
import { formatMoney } from './money.ts';
import { formatNumber } from './number-format.ts';

// What one entry of the store's activity log says (issue 38 §4), in the page's or the file's
// language: who, what, the record with its link, and each changed field's before → after. The
// screen and the CSV export read the same words from here, so they never disagree.

export type ActorKind = 'member' | 'token' | 'staff' | 'shopper' | 'system';

/** One entry as the service answers it (and the API, and the page's loader). */
export type ActivityEntry = {
  id: number;
  type: string;
  createdAt: string;
  actor: { kind: ActorKind; userId: number | null; tokenId: number | null; name: string; tokenName: string | null };
  /**
   * `opens`: the record whose page shows it — itself, or its product (a variant) or its order (a
   * credit note); `exists`: that record is still there, so the entry links to it.
   */
  resource: { kind: string; id: number | null; label: string; opens: { kind: string; id: number | null }; exists: boolean };
  /** Each tracked field that changed: [field, before, after]. */
  changes: [field: string, before: unknown, after: unknown][];
};

/** Where each kind of record is seen: a page with `?id=`, or one page for the whole kind. */
const RECORD_PAGES: Record<string, { path: string; byId: boolean }> = {
  order: { path: '/sales/order/show', byId: true },
  product: { path: '/catalog/product/show', byId: true },
  customer: { path: '/sales/customer/show', byId: true },
  invoice: { path: '/sales/invoice/show', byId: true },
  member: { path: '/store/staff', byId: false },
  invitation: { path: '/store/staff', byId: false },
  store: { path: '/store/settings', byId: false },
  webhook: { path: '/store/webhooks', byId: false },
  webhook_endpoint: { path: '/store/webhooks', byId: false },
};

/** The kinds of record whose existence the log checks before linking (the others' pages always exist). */
export const RECORD_TABLES = ['order', 'product', 'customer', 'invoice'] as const;
export type RecordTable = (typeof RECORD_TABLES)[number];

/** Records without a page of their own, shown on another's: the field of the event's data naming it. */
export const SHOWN_ON: Record<string, { kind: RecordTable; field: string }> = {
  variant: { kind: 'product', field: 'productId' },
  credit_note: { kind: 'order', field: 'orderId' },
};

/** The record's page in the page's language, or null when it has none or is gone. */
export function recordPath(resource: ActivityEntry['resource'], locale: Locale): string | null {
  const page = RECORD_PAGES[resource.opens.kind];
  if (!page || !resource.exists) return null;
  if (!page.byId) return localizePath(page.path, locale);
  return resource.opens.id === null ? null : `${localizePath(page.path, locale)}?id=${resource.opens.id}`;
}

const key = (text: string) => text as MessageKey;

/** A message by a key built from data (a kind, a field, a status), or `fallback` when there is none. */
function maybe(t: TFunction, messageKey: string, fallback: string, options: Record<string, unknown> = {}): string {
  return String(t(key(messageKey), { ...options, defaultValue: fallback }));
}

export function whoText(actor: ActivityEntry['actor'], t: TFunction): string {
  switch (actor.kind) {
    case 'member':
      return String(t('activity.actor.member', { name: actor.name }));
    case 'token':
      return String(t('activity.actor.token', { name: actor.name, token: actor.tokenName ?? '' }));
    case 'staff':
      return String(t('activity.actor.staff', { name: actor.name }));
    case 'shopper':
      return String(t('activity.actor.shopper'));
    default:
      return String(t('activity.actor.system'));
  }
}

/** The entry's sentence: "Marcó como pagado el pedido #12", with the stock's move when it changed. */
export function whatText(entry: Pick<ActivityEntry, 'type' | 'resource' | 'changes'>, t: TFunction): string {
  const sentence = maybe(t, `activity.event.${entry.type}`, `${entry.type} · ${entry.resource.label}`, { label: entry.resource.label });
  const stock = entry.changes.find(([field]) => field === 'stock');
  if (!stock || typeof stock[1] !== 'number' || typeof stock[2] !== 'number' || stock[1] === stock[2]) return sentence;
  const moved = stock[2] - stock[1];
  return `${sentence} (${String(t(moved > 0 ? 'activity.stockUp' : 'activity.stockDown', { count: Math.abs(moved) }))})`;
}

const BOOLEAN_FIELDS = new Set(['enabled', 'featured', 'published', 'cashOnDelivery', 'bankTransfer']);
const STATUS_LABELS: Record<string, string> = { order: 'order.status', invoice: 'invoice.statuses' };
/** Fields holding a value of a fixed list, and where that list's words are. */
const VALUE_LABELS: Record<string, string> = {
  role: 'tenancy.roles',
  section: 'store.section',
  bankAccountType: 'salesSettings.accountType',
  accountingObligated: 'salesSettings.accounting',
  rimpe: 'salesSettings.rimpeRegimes',
};
const LONGEST = 120;

/** The store's scripts, which an event records by their length only (server/modules/store/store.service.ts). */
export const STORE_SCRIPT_FIELDS: ReadonlySet<string> = new Set(['analyticsScript', 'pixelScript']);

const shorten = (text: string) => (text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text);

/** One value of a changed field, as the page's language writes it. */
export function valueText(field: string, value: unknown, resourceKind: string, t: TFunction, locale: Locale): string {
  if (value === null || value === undefined || value === '') return String(t('activity.none'));
  if (typeof value === 'boolean' || (BOOLEAN_FIELDS.has(field) && (value === 0 || value === 1))) return String(t(value ? 'activity.yes' : 'activity.no'));
  if (typeof value === 'number') {
    if (STORE_SCRIPT_FIELDS.has(field)) return String(t('activity.characters', { count: value }));
    if (field.endsWith('Cents')) return formatMoney(value, locale);
    if (field.endsWith('Bp')) return `${formatNumber(value / 100, locale)} %`;
    return formatNumber(value, locale);
  }
  if (typeof value === 'string') {
    if (field === 'status' && STATUS_LABELS[resourceKind]) return maybe(t, `${STATUS_LABELS[resourceKind]}.${value}`, value);
    if (VALUE_LABELS[field]) return maybe(t, `${VALUE_LABELS[field]}.${value}`, value);
    if ((field === 'ivaCode' || field === 'shippingIvaCode') && isIvaCode(value)) return String(t(ivaLabel(value) as MessageKey));
    const instant = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?/.exec(value);
    if (instant && !Number.isNaN(Date.parse(value))) return formatDate(value, locale, instant[1] !== undefined);
    return shorten(value);
  }
  return shorten(JSON.stringify(value));
}

/**
 * "Precio: $10,00 → $12,50", one per changed field; with `shown`, that many and then "y 3 cambios
 * más" (the screen; the CSV lists them all).
 */
export function changeTexts(entry: Pick<ActivityEntry, 'changes' | 'resource'>, t: TFunction, locale: Locale, shown = Infinity): string[] {
  const cut = entry.changes.length > shown ? shown - 1 : entry.changes.length;
  const more = entry.changes.length - cut;
  const lines = entry.changes.slice(0, cut).map(([field, before, after]) =>
    String(
      t('activity.change', {
        field: maybe(t, `activity.field.${field}`, field),
        before: valueText(field, before, entry.resource.kind, t, locale),
        after: valueText(field, after, entry.resource.kind, t, locale),
      }),
    ),
  );
  return more > 0 ? [...lines, String(t('activity.moreChanges', { count: more }))] : lines;
}

/** The kind of record an entry is about ("Pedido"), or its raw kind when the log has no word for it. */
export const recordKindText = (kind: string, t: TFunction) => maybe(t, `activity.resource.${kind}`, kind);
