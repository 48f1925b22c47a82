import { data, type LoaderFunctionArgs } from 'react-router';
import { z } from 'zod';
import { currentUser } from '#app/lib/current-user.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { AppError } from '#server/errors.ts';
import { services } from '#app/lib/services.server.ts';

export const PAGE_SIZE = 20;

const ListQuery = z.object({
  q: z.string().trim().max(100).catch(''),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function usersLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { q, page } = ListQuery.parse({ q: url.searchParams.get('q') ?? '', page: url.searchParams.get('page') ?? 1 });
  const { rows, total } = await services(context).users.listUsers({ query: q, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return { q, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total, users: rows };
}

const ToggleSchema = z.object({ userId: z.coerce.number().int().positive(), enabled: z.enum(['0', '1']) });

export async function usersAction({ request, context }: LoaderFunctionArgs) {
  const admin = currentUser(context);
  const parsed = ToggleSchema.safeParse(Object.fromEntries(await request.formData()));
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
