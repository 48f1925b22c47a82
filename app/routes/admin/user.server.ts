import { data, type LoaderFunctionArgs } from 'react-router';
import { z } from '#common/zod.ts';
import { role } from '#common/enums/accounts.ts';
import { parseListQuery } from '#common/list-query.ts';
import { recordIdSchema } from '#common/record-id.ts';
import { UserListQuery } from '#common/schemas/user.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { AppError } from '#server/errors.ts';
import { services } from '#app/lib/services.server.ts';
import { readForm } from '#app/lib/form-action.server.ts';

export async function usersLoader({ request, context }: LoaderFunctionArgs) {
  const query = parseListQuery(UserListQuery, new URL(request.url));
  // The admin's own row offers no actions: the page needs to know which one it is.
  return { query, page: await services(context).users.listUsers(query), me: currentUser(context).id };
}

const UserId = recordIdSchema();
// Each change is its own intent, posted by a confirmation dialog (ConfirmButton).
const ChangeSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('enable'), userId: UserId, enabled: z.enum(['0', '1']) }),
  z.object({ intent: z.literal('role'), userId: UserId, role: z.enum(role.values) }),
]);

export async function usersAction({ request, context }: LoaderFunctionArgs) {
  const admin = currentUser(context);
  const parsed = ChangeSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data<FormResult>({ formError: { key: 'record.updateError' } }, { status: 400 });
  const target = { userId: parsed.data.userId, adminId: admin.id };
  try {
    if (parsed.data.intent === 'enable') await services(context).users.setEnabled(target, parsed.data.enabled === '1');
    else await services(context).users.setRole(target, parsed.data.role);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 404) throw data(null, { status: 404 });
    // Yourself, or the last enabled admin: said plainly, in the page's language.
    return data<FormResult>({ formError: { key: error.code } }, { status: error.status });
  }
  return data<FormResult>({ notice: 'record.updated' });
}
