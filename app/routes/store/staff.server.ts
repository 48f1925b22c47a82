import { data, type LoaderFunctionArgs, type RouterContextProvider } from 'react-router';
import { formValues, parseWith } from '#common/forms.ts';
import { localeFromPath } from '#common/locale.ts';
import { parseRecordId } from '#common/record-id.ts';
import { HandoverSchema, InviteSchema, RoleChangeSchema } from '#common/schemas/staff.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { failure, invalid, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { services } from '#app/lib/services.server.ts';
import { storeContextOf } from '#app/lib/store-scope.server.ts';

// `/store/staff` (issue 38 §2): thin over the staff service. The store layout's guard already let
// in only roles that read the area `staff` (owner, administrator) and, for a post, write it (the
// owner); the service checks the owner again for every change.

function acting(context: Readonly<RouterContextProvider>) {
  const store = storeContextOf(context);
  return { scope: store.scope, acting: { userId: currentUser(context).id, role: store.role } };
}

export async function staffLoader({ context }: LoaderFunctionArgs) {
  const { scope, acting: who } = acting(context);
  return services(context).staff.staffPage(scope, who);
}

/** One id from the form, or the 404 screen: a row's buttons always send one. */
function idOf(values: Record<string, string>, field: string): number {
  const id = parseRecordId(values[field]);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

export async function staffAction({ request, context }: LoaderFunctionArgs) {
  const { scope, acting: who } = acting(context);
  const staff = services(context).staff;
  const locale = localeFromPath(new URL(request.url).pathname);
  const values = formValues(await readForm(request));
  const done = (notice: FormResult['notice']) => data<FormResult>({ notice, values: { intent: values.intent ?? '' } });
  try {
    switch (values.intent) {
      case 'invite': {
        const parsed = parseWith(InviteSchema, values);
        if (!parsed.ok) return invalid(parsed.errors, values);
        await staff.inviteMember(scope, who, parsed.data, { locale });
        return done('staff.invited');
      }
      case 'role': {
        const parsed = parseWith(RoleChangeSchema, values);
        if (!parsed.ok) return invalid(parsed.errors, values);
        await staff.changeMemberRole(scope, who, parsed.data);
        return done('staff.roleChanged');
      }
      case 'remove':
        await staff.removeMember(scope, who, idOf(values, 'userId'));
        return done('staff.removed');
      case 'resend':
        await staff.resendInvitation(scope, who, idOf(values, 'id'), { locale });
        return done('staff.resent');
      case 'withdraw':
        await staff.withdrawInvitation(scope, who, idOf(values, 'id'));
        return done('staff.withdrawn');
      case 'handover': {
        const parsed = parseWith(HandoverSchema, values);
        if (!parsed.ok) return invalid(parsed.errors, values);
        await staff.transferOwnership(scope, who, parsed.data);
        return done('staff.handover.done');
      }
      default:
        return data<FormResult>({ formError: { key: 'error.generic' } }, { status: 400 });
    }
  } catch (error) {
    return failure(error, values);
  }
}
