import { z } from '#common/zod.ts';
import { parseTypedDate } from './dates.ts';
import type { FieldErrors } from './forms.ts';
import type { Locale } from './locale.ts';
import { MAX_ID } from './record-id.ts';
import { STORE_EVENT_TYPES, type StoreEventType } from './store-events.ts';

// The store's audit log (issue 38 §4): its kinds grouped as the filter shows them, and its query —
// who, which kind, which days, which page — read from a page's address (days typed the page's way,
// refused beside the field when unreadable) or from the API's query string (a 400 that names it).

/** The filter's groups of event kinds, in the order the select shows them. */
export const ACTIVITY_GROUPS = ['orders', 'catalogue', 'invoices', 'customers', 'settings', 'staff', 'webhooks'] as const;
export type ActivityGroup = (typeof ACTIVITY_GROUPS)[number];

const GROUP_OF_PREFIX: Record<string, ActivityGroup> = {
  order: 'orders',
  payment: 'orders',
  product: 'catalogue',
  inventory: 'catalogue',
  invoice: 'invoices',
  credit_note: 'invoices',
  customer: 'customers',
  store: 'settings',
  member: 'staff',
  webhook: 'webhooks',
};

/** The group an event kind is listed under; a handover of the store is a staff matter. */
export function activityGroupOf(type: StoreEventType): ActivityGroup {
  if (type === 'store.ownership_transferred') return 'staff';
  return GROUP_OF_PREFIX[type.split('.')[0]!] ?? 'settings';
}

/** Every kind of a group, in STORE_EVENT_TYPES' order. */
export const typesOfGroup = (group: ActivityGroup): StoreEventType[] => STORE_EVENT_TYPES.filter((type) => activityGroupOf(type) === group);

const isGroup = (value: string): value is ActivityGroup => (ACTIVITY_GROUPS as readonly string[]).includes(value);
const isType = (value: string): value is StoreEventType => (STORE_EVENT_TYPES as readonly string[]).includes(value);

/** Who did it: a member or staff by their user id (their tokens included), or every shopper, or the app itself. */
export type ActivityWho = { userId: number } | { kind: 'shopper' | 'system' };

/** The log's query as the service takes it: days on Ecuador's calendar, inclusive. */
export type ActivityQuery = { who?: ActivityWho; kind?: StoreEventType | ActivityGroup; types?: readonly StoreEventType[]; from?: string; to?: string; page: number };

const Id = z.coerce.number().int().min(1).max(MAX_ID);

function whoOf(text: string | undefined): ActivityWho | undefined {
  if (text === 'shopper' || text === 'system') return { kind: text };
  const id = Id.safeParse(text);
  return id.success ? { userId: id.data } : undefined;
}

function kindOf(text: string | undefined): Pick<ActivityQuery, 'kind' | 'types'> {
  if (!text) return {};
  if (isType(text)) return { kind: text, types: [text] };
  if (isGroup(text)) return { kind: text, types: typesOfGroup(text) };
  return {};
}

const one = z.string().max(60).optional().catch(undefined);
const PageParams = z.object({ who: one, kind: one, from: one, to: one, page: z.coerce.number().int().min(1).max(100_000).catch(1) });

/** What the filter form shows back: each field as typed. */
export type ActivityTyped = { who: string; kind: string; from: string; to: string };

/**
 * The screen's address (`?who=12&kind=orders&from=01/11/2026&to=30/11/2026&page=2`): the query,
 * what was typed, and an error beside each day it cannot use — not a day, typed in the other
 * language's order (`dateField.typeAs`), or "to" before "from". A refused day is not applied, and
 * says so: never a silent default, never a 500. An unknown person or kind is no filter.
 */
export function readActivityFilters(params: Record<string, unknown>, locale: Locale): { query: ActivityQuery; typed: ActivityTyped; errors: FieldErrors } {
  const raw = PageParams.parse(params);
  const errors: FieldErrors = {};
  const days: { from?: string; to?: string } = {};
  for (const name of ['from', 'to'] as const) {
    const text = raw[name]?.trim();
    if (!text) continue;
    const iso = parseTypedDate(text, locale);
    if (iso) days[name] = iso;
    else errors[name] = 'dateField.typeAs';
  }
  if (days.from && days.to && days.to < days.from) {
    errors.to = 'activity.toBeforeFrom';
    delete days.to;
  }
  const who = whoOf(raw.who);
  const query: ActivityQuery = { ...(who ? { who } : {}), ...kindOf(raw.kind), ...days, page: raw.page };
  return { query, typed: { who: raw.who ?? '', kind: raw.kind ?? '', from: raw.from ?? '', to: raw.to ?? '' }, errors };
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalid' })
  .refine((value) => parseTypedDate(value, 'en') === value, { error: 'validation.invalid' });

/** The API's query string: a wrong value is a 400 that names it. */
export const ActivityApiParameters = z
  .object({
    who: z
      .string()
      .regex(/^(shopper|system|[1-9]\d{0,15})$/, { error: 'validation.invalid' })
      .optional()
      .describe('Who did it: a member’s or staff’s user id (their access tokens included), `shopper` or `system`'),
    kind: z
      .enum([...STORE_EVENT_TYPES, ...ACTIVITY_GROUPS] as [string, ...string[]])
      .optional()
      .describe(`An event type, or a group of them: ${ACTIVITY_GROUPS.join(', ')}`),
    from: day.optional().describe('First day (YYYY-MM-DD, Ecuador time) of the entries listed'),
    to: day.optional().describe('Last day (YYYY-MM-DD, Ecuador time) of the entries listed, inclusive'),
    page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], error: 'activity.toBeforeFrom' });

/** The API's parameters (already checked by `ActivityApiParameters`) as the service takes them. */
export function activityQueryFromApi(params: z.infer<typeof ActivityApiParameters>): ActivityQuery {
  const who = whoOf(params.who);
  return { ...(who ? { who } : {}), ...kindOf(params.kind), ...(params.from ? { from: params.from } : {}), ...(params.to ? { to: params.to } : {}), page: params.page ?? 1 };
}

/** The filter form's day fields as the form kit sees them; the loader judges them (`readActivityFilters`). */
export const ActivityFilterFormSchema = z.object({ from: z.string().optional(), to: z.string().optional() });
