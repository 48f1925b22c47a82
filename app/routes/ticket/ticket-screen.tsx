import { Button, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { DetailField } from '#app/components/detail-field.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { useT } from '#app/lib/use-t.ts';
import { ticketCategory, ticketStatus } from '#common/enums/ticket.ts';
import type { EnumValue } from '#common/enums/define-enum.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatDate } from '#common/dates.ts';
import { ReplyForm, type ThreadMessage, TicketThread } from './ticket-thread.tsx';

type Ticket = { id: number; subject: string; status: EnumValue<typeof ticketStatus>; category: EnumValue<typeof ticketCategory>; createdAt: string; updatedAt: string };

/**
 * A ticket's screen, as the client and the back office both see it: header with back and close,
 * the conversation and the reply form, and the side panel of details. What differs is passed in.
 */
export function TicketScreen({
  ticket,
  messages,
  backTo,
  note,
  viewer,
  clientName,
  reply,
  details,
}: {
  ticket: Ticket;
  messages: ThreadMessage[];
  /** The list to go back to (unlocalized path). */
  backTo: string;
  /** Shown above the conversation (the state of the ticket), if anything. */
  note: React.ReactNode;
  viewer: 'client' | 'staff';
  clientName?: string;
  reply: { withAttachments: boolean; note?: string };
  /** Side-panel details of this side, after the status. */
  details?: React.ReactNode;
}) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { formError } = useFormResult();
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t('ticket.number', { id: ticket.id })}
        description={ticket.subject}
        actions={
          <Group gap="xs">
            <Button component={Link} to={localizePath(backTo, locale)} variant="default">
              {t('list.back')}
            </Button>
            {ticket.status === 'closed' ? null : (
              <ConfirmButton intent="close" label={t('ticket.close')} title={t('ticket.closeTitle')} message={t('ticket.closeMessage')} confirmLabel={t('ticket.closeConfirm')} color="gray" />
            )}
          </Group>
        }
      />
      <FormAlert error={formError} />
      <Grid gap="md" mt="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {note}
            <Title order={2} fz="md">
              {t('ticket.thread')}
            </Title>
            <TicketThread messages={messages} viewer={viewer} clientName={clientName} />
            <Paper withBorder radius="md" p="lg">
              <ReplyForm key={messages.length} withAttachments={reply.withAttachments} note={reply.note} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              <DetailField label={t('ticket.status')}>
                <StatusBadge of={ticketStatus} value={ticket.status} />
              </DetailField>
              {details}
              <DetailField label={t('ticket.category')}>{t(ticketCategory.label(ticket.category))}</DetailField>
              <DetailField label={t('ticket.created')}>{formatDate(ticket.createdAt, locale, true)}</DetailField>
              <DetailField label={t('ticket.updated')}>{formatDate(ticket.updatedAt, locale, true)}</DetailField>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
