import type { LoaderFunctionArgs } from 'react-router';
import { parseListQuery } from '#common/list-query.ts';
import { PackageListQuery } from '#common/schemas/casillero.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { orNotFound } from '#app/lib/form-action.server.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { services } from '#app/lib/services.server.ts';

// "Mis paquetes": the client's own packages only (another client's id is a 404).
export async function packageListLoader({ request, context }: LoaderFunctionArgs) {
  const query = parseListQuery(PackageListQuery, new URL(request.url));
  return { query, page: await services(context).packages.listMyPackages({ userId: currentUser(context).id }, query) };
}

export async function packageShowLoader({ request, context }: LoaderFunctionArgs) {
  return { pkg: await orNotFound(services(context).packages.getMyPackage({ userId: currentUser(context).id, id: recordId(request) })) };
}
