import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { ActivityQuery } from '#common/activity.ts';
import { type ActivityEntry, type ActorKind, changeTexts, RECORD_TABLES, recordKindText, SHOWN_ON, whatText, whoText } from '#common/activity-text.ts';
import { formatDate } from '#common/dates.ts';
import { translator } from '#common/i18n/all-languages.ts';
import type { Page } from '#common/list-query.ts';
import type { Locale } from '#common/locale.ts';
import { ecuadorDayStart } from '#common/sales-days.ts';
import { csvLines, neutraliseCell } from '#server/modules/product-csv/csv-values.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import * as events from './activity.repository.ts';

// The store's audit log (issue 38 §4): who did what, when, to which record, and each changed
// field's before and after. It only reads: the rows are written by `emit` in the transaction of the
// change they record, and removed only by `pruneActivity` once older than the retention.
// Owners and administrators reach it (the permission matrix's `activity` area, server/tenancy/).

const DAY_MS = 24 * 60 * 60 * 1000;

function filterOf(query: ActivityQuery): events.EventFilter {
  const next = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
  return {
    ...(query.who ? { who: query.who } : {}),
    ...(query.types ? { types: query.types } : {}),
    ...(query.from ? { since: ecuadorDayStart(query.from) } : {}),
    ...(query.to ? { until: ecuadorDayStart(next(query.to)) } : {}),
  };
}

type EventRow = Awaited<ReturnType<typeof events.eventBatch>>[number];

/** A token's row names its member and the token as "María · ERP" (events.ts): the two apart. */
function actorOf(row: EventRow): ActivityEntry['actor'] {
  const kind = row.actorKind as ActorKind;
  const split = kind === 'token' ? row.actorName.indexOf(' · ') : -1;
  const name = split >= 0 ? row.actorName.slice(0, split) : row.actorName;
  const tokenName = split >= 0 ? row.actorName.slice(split + 3) : null;
  return { kind, userId: row.actorUserId, tokenId: row.actorTokenId, name, tokenName };
}

function changesOf(text: string): ActivityEntry['changes'] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object') return [];
    return Object.entries(parsed as Record<string, unknown>).flatMap(([field, pair]) => (Array.isArray(pair) && pair.length === 2 ? [[field, pair[0], pair[1]] as [string, unknown, unknown]] : []));
  } catch {
    return [];
  }
}

function parsed(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The record whose page shows the entry's: itself, or the one its data names (a variant's product). */
function opensOf(row: EventRow): ActivityEntry['resource']['opens'] {
  const shown = SHOWN_ON[row.resourceKind];
  if (!shown) return { kind: row.resourceKind, id: row.resourceId };
  const id = parsed(row.data)[shown.field];
  return { kind: shown.kind, id: typeof id === 'number' && Number.isSafeInteger(id) ? id : null };
}

/** The rows as entries, each record checked once per kind: linked while it still exists. */
async function entriesOf(deps: ServiceDeps, scope: StoreScope, rows: readonly EventRow[]): Promise<ActivityEntry[]> {
  const opens = rows.map(opensOf);
  const present = new Map<string, Set<number>>();
  for (const kind of RECORD_TABLES) {
    const ids = [...new Set(opens.flatMap((record) => (record.kind === kind && record.id !== null ? [record.id] : [])))];
    present.set(kind, await events.existingRecords(deps.db, scope, kind, ids));
  }
  return rows.map((row, index) => {
    const record = opens[index]!;
    const checked = present.get(record.kind);
    return {
      id: row.id,
      type: row.type,
      createdAt: row.createdAt,
      actor: actorOf(row),
      resource: { kind: row.resourceKind, id: row.resourceId, label: row.resourceLabel, opens: record, exists: checked ? record.id !== null && checked.has(record.id) : true },
      changes: changesOf(row.changes),
    };
  });
}

/** One page of the store's log, newest first. */
export async function listActivity(deps: ServiceDeps, scope: StoreScope, query: ActivityQuery): Promise<Page<ActivityEntry>> {
  const page = await events.listEvents(deps.db, scope, filterOf(query), query.page);
  return { ...page, rows: await entriesOf(deps, scope, page.rows) };
}

export type ActivityPerson = { userId: number; name: string; staff: boolean };

/** The members and staff who appear in the store's log, by name: the person filter's choices. */
export async function activityPeople(deps: ServiceDeps, scope: StoreScope): Promise<ActivityPerson[]> {
  const byUser = new Map<number, ActivityPerson>();
  for (const row of await events.peopleInLog(deps.db, scope)) {
    const userId = Number(row.actorUserId);
    const logged = row.loggedName ?? '';
    const fromLog = row.actorKind === 'token' && logged.includes(' · ') ? logged.slice(0, logged.indexOf(' · ')) : logged;
    const name = row.name === null ? fromLog : `${row.name} ${row.lastname ?? ''}`.trim();
    const known = byUser.get(userId);
    // Someone who acted both as a member and as staff is listed once, as the member they are.
    byUser.set(userId, { userId, name, staff: (known?.staff ?? true) && row.actorKind === 'staff' });
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

/** Entries per piece of the CSV: each piece read and written in one go, then a turn for others. */
const EXPORT_BATCH = 500;

/**
 * The filtered log as CSV text in the caller's language, in pieces (the product export's habits,
 * decision 044): a BOM so spreadsheets read the accents, a header, then a line per entry — when,
 * who, what, the record, its changes, and the raw type and instant for machines. Every text cell
 * is neutralised against formulas (a product called "=HYPERLINK(…)" stays text).
 */
export async function* exportActivity(deps: ServiceDeps, scope: StoreScope, query: ActivityQuery, locale: Locale): AsyncGenerator<string> {
  const t = translator(locale);
  const filter = filterOf(query);
  const header = [t('activity.when'), t('activity.who'), t('activity.what'), t('activity.record'), t('activity.changes'), 'type', 'created_at'].map(String);
  yield `\uFEFF${csvLines([header])}`;
  for (let before: { createdAt: string; id: number } | null = null; ; ) {
    const rows = await events.eventBatch(deps.db, scope, filter, before, EXPORT_BATCH);
    if (rows.length === 0) return;
    const entries = await entriesOf(deps, scope, rows);
    const lines = entries.map((entry) =>
      [
        formatDate(entry.createdAt, locale, true),
        whoText(entry.actor, t),
        whatText(entry, t),
        `${recordKindText(entry.resource.kind, t)}: ${entry.resource.label}`,
        changeTexts(entry, t, locale).join('; '),
        entry.type,
        entry.createdAt,
      ].map(neutraliseCell),
    );
    yield csvLines(lines);
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1]!;
    before = { createdAt: last.createdAt, id: last.id };
    await yieldToOthers();
  }
}

/**
 * Deletes the entries older than the retention (ACTIVITY_RETENTION_DAYS, a year by default): the
 * job worker's hourly chore (activity-jobs.ts). An entry exactly as old as the retention stays.
 */
export function pruneActivity(deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - deps.config.activityRetentionDays * DAY_MS).toISOString();
  return events.deleteEventsBefore(deps.db, before);
}

