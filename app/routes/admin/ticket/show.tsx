import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Title } from '@mantine/core';
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
import { ReplyForm, TicketField, TicketThread } from '#app/routes/ticket/ticket-thread.tsx';
import type { Route } from './+types/show';
import { adminTicketShowAction, adminTicketShowLoader } from './ticket.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminTicketShow');
export const loader = (args: Route.LoaderArgs) => adminTicketShowLoader(args);
export const action = (args: Route.ActionArgs) => adminTicketShowAction(args);

export default function AdminTicketShow({ loaderData: { ticket, messages } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { formError } = useFormResult();
  const closed = ticket.status === 'closed';
  const clientName = `${ticket.client_name} ${ticket.client_lastname}`.trim();
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t('ticket.number', { id: ticket.id })}
        description={ticket.subject}
        actions={
          <Group gap="xs">
            <Button component={Link} to={localizePath('/admin/ticket', locale)} variant="default">
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
            {closed ? (
              <Alert color="gray" variant="light" data-testid="ticket-state-note">
                {t('ticket.admin.closedNote')}
              </Alert>
            ) : null}
            <Title order={2} fz="md">
              {t('ticket.thread')}
            </Title>
            <TicketThread messages={messages} viewer="staff" clientName={clientName} />
            <Paper withBorder radius="md" p="lg">
              <ReplyForm key={messages.length} withAttachments={false} note={t('ticket.admin.replyNote')} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              <TicketField label={t('ticket.status')}>
                <StatusBadge kind="ticketStatus" status={ticket.status} />
              </TicketField>
              <TicketField label={t('ticket.admin.client')}>{clientName}</TicketField>
              <TicketField label={t('ticket.admin.lockerCode')}>{ticket.client_locker_code ?? '—'}</TicketField>
              <TicketField label={t('ticket.admin.email')}>
                <Anchor href={`mailto:${ticket.client_email}`}>{ticket.client_email}</Anchor>
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
