import { Alert } from '@mantine/core';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { ticketStatus } from '#common/enums/ticket.ts';
import type { Route } from './+types/show';
import { TicketScreen } from './ticket-screen.tsx';
import { ticketShowAction, ticketShowLoader } from './ticket.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.ticketShow');
export const loader = (args: Route.LoaderArgs) => ticketShowLoader(args);
export const action = (args: Route.ActionArgs) => ticketShowAction(args);

const NOTES = { open: 'ticket.openNote', answered: 'ticket.answeredNote', closed: 'ticket.closedNote' } as const;

export default function TicketShow({ loaderData: { ticket, messages } }: Route.ComponentProps) {
  const t = useT();
  return (
    <TicketScreen
      ticket={ticket}
      messages={messages}
      backTo="/ticket"
      viewer="client"
      reply={{ withAttachments: true }}
      note={
        <Alert color={ticketStatus.color(ticket.status)} variant="light" data-testid="ticket-state-note">
          {t(NOTES[ticket.status])}
        </Alert>
      }
    />
  );
}
