import { type LoaderFunctionArgs, redirect } from 'react-router';
import { formValues, parseWith } from '#common/forms.ts';
import { parseListQuery } from '#common/list-query.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { AdminTicketListQuery, StaffReplySchema } from '#common/schemas/ticket.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { failure, invalid, orNotFound, readForm } from '#app/lib/form-action.server.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { services } from '#app/lib/services.server.ts';

const here = (request: Request, path: string) => localizePath(path, localeFromPath(new URL(request.url).pathname));

export async function adminTicketListLoader({ request, context }: LoaderFunctionArgs) {
  const query = parseListQuery(AdminTicketListQuery, new URL(request.url));
  return { query, page: await services(context).tickets.listAllTickets(query) };
}

export async function adminTicketShowLoader({ request, context }: LoaderFunctionArgs) {
  return orNotFound(services(context).tickets.getTicketForStaff({ id: recordId(request) }));
}

export async function adminTicketShowAction({ request, context }: LoaderFunctionArgs) {
  const staff = currentUser(context);
  const id = recordId(request);
  const values = formValues(await readForm(request));
  const back = `${here(request, '/admin/ticket/show')}?id=${id}&notice=updated`;
  try {
    if (values.intent === 'close') {
      await services(context).tickets.closeTicketAsStaff({ id });
      return redirect(back);
    }
    const parsed = parseWith(StaffReplySchema, values);
    if (!parsed.ok) return invalid(parsed.errors, values);
    await services(context).tickets.answerTicket({ staffId: staff.id, id }, parsed.data);
    return redirect(back);
  } catch (error) {
    return failure(error, values);
  }
}
