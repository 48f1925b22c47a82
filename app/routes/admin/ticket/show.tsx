import { Alert, Anchor } from '@mantine/core';
import { DetailField } from '#app/components/detail-field.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { TicketScreen } from '#app/routes/ticket/ticket-screen.tsx';
import type { Route } from './+types/show';
import { adminTicketShowAction, adminTicketShowLoader } from './ticket.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminTicketShow');
export const loader = (args: Route.LoaderArgs) => adminTicketShowLoader(args);
export const action = (args: Route.ActionArgs) => adminTicketShowAction(args);

export default function AdminTicketShow({ loaderData: { ticket, messages } }: Route.ComponentProps) {
  const t = useT();
  const clientName = `${ticket.clientName} ${ticket.clientLastname}`.trim();
  return (
    <TicketScreen
      ticket={ticket}
      messages={messages}
      backTo="/admin/ticket"
      viewer="staff"
      clientName={clientName}
      reply={{ withAttachments: false, note: t('ticket.admin.replyNote') }}
      note={
        ticket.status === 'closed' ? (
          <Alert color="gray" variant="light" data-testid="ticket-state-note">
            {t('ticket.admin.closedNote')}
          </Alert>
        ) : null
      }
      details={
        <>
          <DetailField label={t('ticket.admin.client')}>{clientName}</DetailField>
          <DetailField label={t('ticket.admin.lockerCode')}>{ticket.clientLockerCode ?? '—'}</DetailField>
          <DetailField label={t('ticket.admin.email')}>
            <Anchor href={`mailto:${ticket.clientEmail}`}>{ticket.clientEmail}</Anchor>
          </DetailField>
        </>
      }
    />
  );
}
