import { Readable } from 'node:stream';
import type { LoaderFunctionArgs } from 'react-router';
import { readActivityFilters } from '#common/activity.ts';
import { translator } from '#common/i18n/all-languages.ts';
import { localeFromPath } from '#common/locale.ts';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';

// The store's activity log (/store/activity, issue 38 §4) and its CSV (/store/activity/export):
// thin adapters over the activity service, in the request's store context. Owners and
// administrators only: the permission matrix's `activity` area (server/tenancy/route-areas.ts).

function filtersOf(request: Request) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  return { locale, ...readActivityFilters(Object.fromEntries(url.searchParams), locale) };
}

export async function activityLoader({ request, context }: LoaderFunctionArgs) {
  const { query, typed, errors } = filtersOf(request);
  const scope = storeScope(context);
  const { activity } = services(context);
  const [page, people] = await Promise.all([activity.listActivity(scope, query), activity.activityPeople(scope)]);
  // The export link carries the same filters, as typed (the export reads them the same way).
  const search = new URL(request.url).searchParams;
  search.delete('page');
  return { query, typed, errors, page, people, exportQuery: search.toString() };
}

/** The filtered log as a CSV file in the page's language, streamed as it is written. */
export async function activityExportLoader({ request, context }: LoaderFunctionArgs) {
  const { locale, query } = filtersOf(request);
  const scope = storeScope(context);
  const pieces = services(context).activity.exportActivity(scope, query, locale);
  // ASCII only: the word and the store's slug (lowercase letters, digits and hyphens).
  const name = `${String(translator(locale)('activity.csv.fileName'))}-${scope.slug}.csv`;
  return new Response(Readable.toWeb(Readable.from(pieces)) as ReadableStream, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
  });
}
