import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { appContext } from '#app-context';
import { idsFromForm, MAX_BULK_IDS } from '#common/bulk.ts';
import { parseForm } from '#common/form-parse.ts';
import { formValues } from '#common/forms.ts';
import { parseListQuery } from '#common/list-query.ts';
import { isRecordId } from '#common/record-id.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { FormOptions, Resource } from '#common/resource.ts';
import type { ResourceScreens } from '#app/components/resource/resource-screens.tsx';
import { loadScreens } from '#app/resources/screens.ts';
import { resourceAt } from '#common/resources/index.ts';
import { failure, invalid, orNotFound, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';
import { screensChunks } from '#server/builds.ts';
import { genericService } from '#server/resources/registry.ts';

// Loaders and actions of every kit resource's list, new and show screens (decision 028): the
// resource comes from the path, the store from the request's scope, the rules from its service.

/**
 * The page's path: a navigation in the browser asks React Router's data URL (`/catalog/color.data`,
 * `/catalog/color/show.data?id=…`), whose request reaches loaders and actions as it came.
 */
function pagePath(url: URL): string {
  return url.pathname.replace(/\/_\.data$|\.data$/, '');
}

function resourceOf({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const pathname = pagePath(url);
  const resource = resourceAt(pathname);
  if (!resource) throw data(null, { status: 404 });
  const service = genericService(context.get(appContext).services.resources, resource.key);
  const at = (suffix = '', search = '') => `${localizePath(`${resource.path}${suffix}`, localeFromPath(pathname))}${search}`;
  // Its screens' chunks, preloaded by the page; under Vite's dev server there is no build to name.
  const preload = import.meta.env.PROD ? screensChunks(resource.key) : [];
  return { resource, service, scope: storeScope(context), url, at, preload };
}

export async function resourceListLoader(args: LoaderFunctionArgs) {
  const { resource, service, scope, url, preload } = resourceOf(args);
  const query = parseListQuery(resource.listQuery as Resource['listQuery'], url);
  // `?cascadeOf=3,7`: what a bulk delete of these records takes along, for its confirmation.
  const cascadeOf = url.searchParams.get('cascadeOf');
  const cascade = cascadeOf === null ? null : await service.cascadeMany(scope, idsFromForm(cascadeOf).filter(isRecordId).slice(0, MAX_BULK_IDS));
  // A list filtered by other records (a product's category) offers the store's records as its choices.
  const [page, options, screens] = await Promise.all([service.list(scope, query), resource.list.refs?.length ? service.formOptions?.(scope) : undefined, loadScreens(resource.key)]);
  return { key: resource.key, preload, query, page: { ...page, rows: listRows(page.rows, resource, screens) }, cascade, options: refChoices(options, screens) };
}

/**
 * What the page needs of the list's rows: the fields its columns read (the screens' `listFields`),
 * with the id and the title. Everything the loader returns is written into the page a second time,
 * as the data React hydrates from, so a field no column shows is bytes for nothing (decision 068).
 */
function listRows<Row extends Record<string, unknown>>(rows: Row[], resource: Resource, screens: ResourceScreens): Row[] {
  if (!screens.listFields) return rows;
  const fields = ['id', resource.titleField, ...screens.listFields];
  return rows.map((row) => Object.fromEntries(fields.filter((field) => field in row).map((field) => [field, row[field]])) as Row);
}

/** Of the service's choices, those the list's filters offer (a product list: categories and brands, not every colour and size). */
function refChoices(options: FormOptions | undefined, screens: ResourceScreens): FormOptions {
  if (!options) return {};
  const used = new Set(Object.values(screens.refFilters ?? {}).map((filter) => filter.options));
  return Object.fromEntries(Object.entries(options).filter(([name]) => used.has(name)));
}

/**
 * One of the list's bulk actions (or a row's switch, a review's approval), posted as `intent=bulk`,
 * `action`, `ids=3,7,9`: it redirects to where the user was with the count for the toast. A body
 * the page could not have sent is a 400 with its message; another store's ids are left alone.
 */
async function bulkAction(args: LoaderFunctionArgs, values: Record<string, string>, back: (notice: string, count: number) => string) {
  const { resource, service, scope } = resourceOf(args);
  const parsed = resource.bulkBody.safeParse({ action: values.action, ids: idsFromForm(values.ids) });
  if (!parsed.success) return data<FormResult>({ formError: { key: (parsed.error.issues[0]?.message ?? 'error.generic') as MessageKey } }, { status: 400 });
  try {
    const { action, changed } = await service.bulk(scope, parsed.data);
    return redirect(back(action === 'delete' ? 'bulkDeleted' : 'bulkUpdated', changed));
  } catch (error) {
    return failure(error, {});
  }
}

export async function resourceListAction(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const values = formValues(await readForm(args.request));
  if (values.intent !== 'bulk') return data<FormResult>({ formError: { key: 'error.generic' } }, { status: 400 });
  return bulkAction(args, values, (notice, count) => {
    const search = new URLSearchParams(url.search);
    search.delete('index');
    search.set('notice', notice);
    search.set('count', String(count));
    return `${pagePath(url)}?${search}`;
  });
}

export async function resourceNewLoader(args: LoaderFunctionArgs) {
  const { resource, service, scope, url, preload } = resourceOf(args);
  return { key: resource.key, preload, options: (await service.formOptions?.(scope, Object.fromEntries(url.searchParams))) ?? {} };
}

export async function resourceNewAction(args: LoaderFunctionArgs) {
  const { resource, service, scope, at } = resourceOf(args);
  const values = formValues(await readForm(args.request));
  const parsed = parseForm(resource.input, values, localeFromPath(pagePath(new URL(args.request.url))));
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    const id = await service.create(scope, parsed.data);
    return redirect(at('/show', `?id=${id}&notice=created`));
  } catch (error) {
    return failure(error, values);
  }
}

export async function resourceShowLoader(args: LoaderFunctionArgs) {
  const { resource, service, scope, preload } = resourceOf(args);
  const id = recordId(args.request);
  const record = await orNotFound(service.get(scope, id));
  const [options, cascade, related] = await Promise.all([service.formOptions?.(scope, record as Record<string, unknown>), service.cascade(scope, id), service.related?.(scope, id)]);
  return { key: resource.key, preload, record, options: options ?? {}, cascade, related: related ?? null };
}

export async function resourceShowAction(args: LoaderFunctionArgs) {
  const { resource, service, scope, at } = resourceOf(args);
  const id = recordId(args.request);
  const values = formValues(await readForm(args.request));
  try {
    if (values.intent === 'delete') {
      await service.remove(scope, id);
      return redirect(at('', '?notice=deleted'));
    }
    // A record's own actions (a review's approve or reject) are bulk actions on its one id.
    if (values.intent === 'bulk') return bulkAction(args, { action: values.action ?? '', ids: String(id) }, () => at('/show', `?id=${id}&notice=updated`));
    const parsed = parseForm(resource.input, values, localeFromPath(pagePath(new URL(args.request.url))));
    if (!parsed.ok) return invalid(parsed.errors, values);
    await service.update(scope, id, parsed.data);
    return redirect(at('/show', `?id=${id}&notice=updated`));
  } catch (error) {
    return failure(error, values);
  }
}
