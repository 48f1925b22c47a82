import { type LoaderFunctionArgs, redirect } from 'react-router';
import { formValues, parseWith } from '#common/forms.ts';
import { parseListQuery } from '#common/list-query.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { TicketInputSchema, TicketListQuery, TicketReplySchema } from '#common/schemas/ticket.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { failure, invalid, orNotFound, readForm } from '#app/lib/form-action.server.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { services } from '#app/lib/services.server.ts';

const here = (request: Request, path: string) => localizePath(path, localeFromPath(new URL(request.url).pathname));

/** The form's fields plus every upload field named `attachments` (one id each, empty when unused). */
export async function ticketForm(request: Request) {
  const formData = await readForm(request);
  const values = formValues(formData);
  const attachments = formData.getAll('attachments').filter((value): value is string => typeof value === 'string');
  return { values, input: { ...values, attachments } };
}

export async function ticketListLoader({ request, context }: LoaderFunctionArgs) {
  const query = parseListQuery(TicketListQuery, new URL(request.url));
  const page = await services(context).tickets.listTickets({ userId: currentUser(context).id }, query);
  return { query, page };
}

export async function ticketNewAction({ request, context }: LoaderFunctionArgs) {
  const owner = { userId: currentUser(context).id };
  const { values, input } = await ticketForm(request);
  const parsed = parseWith(TicketInputSchema, input);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    const id = await services(context).tickets.createTicket(owner, parsed.data);
    return redirect(`${here(request, '/ticket/show')}?id=${id}&notice=created`);
  } catch (error) {
    return failure(error, values);
  }
}

export async function ticketShowLoader({ request, context }: LoaderFunctionArgs) {
  return orNotFound(services(context).tickets.getTicket({ userId: currentUser(context).id, id: recordId(request) }));
}

export async function ticketShowAction({ request, context }: LoaderFunctionArgs) {
  const owner = { userId: currentUser(context).id, id: recordId(request) };
  const { values, input } = await ticketForm(request);
  try {
    if (values.intent === 'close') {
      await services(context).tickets.closeTicket(owner);
      return redirect(`${here(request, '/ticket/show')}?id=${owner.id}&notice=updated`);
    }
    const parsed = parseWith(TicketReplySchema, input);
    if (!parsed.ok) return invalid(parsed.errors, values);
    await services(context).tickets.replyToTicket(owner, parsed.data);
    return redirect(`${here(request, '/ticket/show')}?id=${owner.id}&notice=updated`);
  } catch (error) {
    return failure(error, values);
  }
}
