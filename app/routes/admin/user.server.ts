import { data, type LoaderFunctionArgs } from 'react-router';
import { z } from 'zod';
import { parseListQuery } from '#common/list-query.ts';
import { UserListQuery } from '#common/schemas/user.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { AppError } from '#server/errors.ts';
import { services } from '#app/lib/services.server.ts';
import { readForm } from '#app/lib/form-action.server.ts';

export async function usersLoader({ request, context }: LoaderFunctionArgs) {
  const query = parseListQuery(UserListQuery, new URL(request.url));
  return { query, page: await services(context).users.listUsers(query) };
}

const ToggleSchema = z.object({ userId: z.coerce.number().int().positive(), enabled: z.enum(['0', '1']) });

export async function usersAction({ request, context }: LoaderFunctionArgs) {
  const admin = currentUser(context);
  const parsed = ToggleSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data<FormResult>({ formError: { key: 'record.updateError' } }, { status: 400 });
  // An admin cannot lock themselves out.
  if (parsed.data.userId === admin.id) return data<FormResult>({ formError: { key: 'record.updateError' } }, { status: 400 });
  try {
    await services(context).users.setEnabled({ userId: parsed.data.userId }, parsed.data.enabled === '1');
  } catch (error) {
    if (error instanceof AppError) throw data(null, { status: error.status });
    throw error;
  }
  return data<FormResult>({ notice: 'record.updated' });
}
