import { Alert, Button, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatDate } from '#common/money.ts';
import type { Route } from './+types/show';
import { ReplyForm, TicketField, TicketThread } from './ticket-thread.tsx';
import { ticketShowAction, ticketShowLoader } from './ticket.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.ticketShow');
export const loader = (args: Route.LoaderArgs) => ticketShowLoader(args);
export const action = (args: Route.ActionArgs) => ticketShowAction(args);

const NOTES = { open: 'ticket.openNote', answered: 'ticket.answeredNote', closed: 'ticket.closedNote' } as const;

export default function TicketShow({ loaderData: { ticket, messages } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { formError } = useFormResult();
  const closed = ticket.status === 'closed';
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t('ticket.number', { id: ticket.id })}
        description={ticket.subject}
        actions={
          <Group gap="xs">
            <Button component={Link} to={localizePath('/ticket', locale)} variant="default">
              {t('list.back')}
            </Button>
            {closed ? null : (
              <ConfirmButton intent="close" label={t('ticket.close')} title={t('ticket.closeTitle')} message={t('ticket.closeMessage')} confirmLabel={t('ticket.closeConfirm')} color="gray" />
            )}
          </Group>
        }
      />
      <FormAlert error={formError} />
      <Grid gap="md" mt="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Alert color={closed ? 'gray' : ticket.status === 'answered' ? 'brand' : 'yellow'} variant="light" data-testid="ticket-state-note">
              {t(NOTES[ticket.status])}
            </Alert>
            <Title order={2} fz="md">
              {t('ticket.thread')}
            </Title>
            <TicketThread messages={messages} viewer="client" />
            <Paper withBorder radius="md" p="lg">
              <ReplyForm key={messages.length} withAttachments />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              <TicketField label={t('ticket.status')}>
                <StatusBadge kind="ticketStatus" status={ticket.status} />
              </TicketField>
              <TicketField label={t('ticket.category')}>{t(`ticket.categories.${ticket.category}` as never)}</TicketField>
              <TicketField label={t('ticket.created')}>{formatDate(ticket.created_at, locale, true)}</TicketField>
              <TicketField label={t('ticket.updated')}>{formatDate(ticket.updated_at, locale, true)}</TicketField>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
