import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { appContext } from '#app-context';
import { parseForm } from '#common/form-parse.ts';
import { formValues } from '#common/forms.ts';
import { parseListQuery } from '#common/list-query.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Resource } from '#common/resource.ts';
import { resourceAt } from '#common/resources/index.ts';
import { failure, invalid, orNotFound, readForm } from '#app/lib/form-action.server.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';
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
  return { resource, service, scope: storeScope(context), url, at };
}

export async function resourceListLoader(args: LoaderFunctionArgs) {
  const { resource, service, scope, url } = resourceOf(args);
  const query = parseListQuery(resource.listQuery as Resource['listQuery'], url);
  return { key: resource.key, query, page: await service.list(scope, query) };
}

export async function resourceNewLoader(args: LoaderFunctionArgs) {
  const { resource, service, scope, url } = resourceOf(args);
  return { key: resource.key, options: (await service.formOptions?.(scope, Object.fromEntries(url.searchParams))) ?? {} };
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
  const { resource, service, scope } = resourceOf(args);
  const id = recordId(args.request);
  const record = await orNotFound(service.get(scope, id));
  const [options, cascade, related] = await Promise.all([service.formOptions?.(scope, record as Record<string, unknown>), service.cascade(scope, id), service.related?.(scope, id)]);
  return { key: resource.key, record, options: options ?? {}, cascade, related: related ?? null };
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
    const parsed = parseForm(resource.input, values, localeFromPath(pagePath(new URL(args.request.url))));
    if (!parsed.ok) return invalid(parsed.errors, values);
    await service.update(scope, id, parsed.data);
    return redirect(at('/show', `?id=${id}&notice=updated`));
  } catch (error) {
    return failure(error, values);
  }
}
