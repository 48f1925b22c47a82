import { Alert, Button, Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { Form, useLocation } from 'react-router';
import { DetailField } from '#app/components/detail-field.tsx';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { SriStatus } from '#common/schemas/invoice.ts';

// Where an invoice stands with SRI (issue 37 §6), on the owner's invoice page: the state in words,
// why it waits and until when, SRI's last message in the page's language with SRI's own text beside
// it, the authorization once given, and every step SRI answered.

type Message = { messageId: string | null; message: string | null; messageDetail: string | null; messageType: string | null };

type InvoiceSriView = {
  id: number;
  sriStatus: SriStatus;
  sriWaiting: string | null;
  sriNextAttemptAt: string | null;
  sriAttempts: number;
  authorizationNumber: string | null;
  authorizedAt: string | null;
  sriMessageId: string | null;
  sriMessage: string | null;
  sriMessageDetail: string | null;
  sriMessageType: string | null;
};

type InvoiceSriEventView = Message & { id: number; status: string; step: string; waiting: string | null; createdAt: string };

/** The identifiers the page explains in its language; any other is named by its number, SRI's text beside it. */
const MESSAGE_KEYS = {
  '35': 'invoice.sri.messages.35',
  '39': 'invoice.sri.messages.39',
  '43': 'invoice.sri.messages.43',
  '45': 'invoice.sri.messages.45',
  '58': 'invoice.sri.messages.58',
  '60': 'invoice.sri.messages.60',
  '70': 'invoice.sri.messages.70',
} as const;
const STEP_KEYS = { sign: 'invoice.sri.steps.sign', send: 'invoice.sri.steps.send', authorize: 'invoice.sri.steps.authorize' } as const;
const WAITING_KEYS = { certificate: 'invoice.sri.waiting.certificate', unreachable: 'invoice.sri.waiting.unreachable', processing: 'invoice.sri.waiting.processing' } as const;
const STATUS_COLORS: Record<SriStatus, string> = { issued: 'gray', signed: 'blue', received: 'indigo', authorized: 'green', rejected: 'red' };

export function SriMessage({ message }: { message: Message }) {
  const t = useT();
  if (!message.messageId) return null;
  const key = MESSAGE_KEYS[message.messageId as keyof typeof MESSAGE_KEYS];
  return (
    <Stack gap={2} data-testid="sri-message" data-sri-id={message.messageId}>
      <Text fz="sm">{key ? t(key) : t('invoice.sri.messages.other', { id: message.messageId })}</Text>
      <Text fz="xs" c="dimmed" lang="es">
        {`${t('invoice.sri.sriText')}: ${message.messageId} · ${message.message ?? ''}${message.messageDetail ? ` — ${message.messageDetail}` : ''}${message.messageType ? ` (${message.messageType})` : ''}`}
      </Text>
    </Stack>
  );
}

export function InvoiceSriStatus({ invoice, events }: { invoice: InvoiceSriView; events: readonly InvoiceSriEventView[] }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const waitingKey = invoice.sriWaiting ? WAITING_KEYS[invoice.sriWaiting as keyof typeof WAITING_KEYS] : undefined;
  // A certificate's absence is our reason, not SRI's: its code is not shown as an SRI message.
  const last: Message = invoice.sriWaiting === 'certificate' ? { messageId: null, message: null, messageDetail: null, messageType: null } : {
    messageId: invoice.sriMessageId, message: invoice.sriMessage, messageDetail: invoice.sriMessageDetail, messageType: invoice.sriMessageType,
  };
  const retryable = (invoice.sriStatus === 'signed' || invoice.sriStatus === 'received') && invoice.sriWaiting !== null;
  return (
    <Paper withBorder radius="md" p="md" mb="md" data-testid="invoice-sri">
      <Alert color={STATUS_COLORS[invoice.sriStatus]} title={t(`invoice.statuses.${invoice.sriStatus}`)} mb="sm">
        <Stack gap="xs">
          <Text fz="sm">{t(`invoice.sri.statusText.${invoice.sriStatus}`)}</Text>
          {waitingKey ? <Text fz="sm" data-testid="sri-waiting">{t(waitingKey)}</Text> : null}
          {invoice.sriNextAttemptAt && invoice.sriWaiting !== 'certificate' ? (
            <Text fz="xs" c="dimmed">{t('invoice.sri.nextAttempt', { at: formatDate(invoice.sriNextAttemptAt, locale, true), attempts: invoice.sriAttempts })}</Text>
          ) : null}
          <SriMessage message={last} />
          {retryable ? (
            <Form method="post" action={localizePath('/sales/invoice/sri-retry', locale)}>
              <input type="hidden" name="id" value={invoice.id} />
              <Button type="submit" size="xs" variant="light">
                {t('invoice.sri.retry')}
              </Button>
            </Form>
          ) : null}
        </Stack>
      </Alert>
      {invoice.sriStatus === 'authorized' && invoice.authorizationNumber ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mb="sm">
          <DetailField label={t('invoice.sri.authorizationNumber')}>
            <Text ff="monospace" fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="authorization-number">
              {invoice.authorizationNumber}
            </Text>
          </DetailField>
          <DetailField label={t('invoice.sri.authorizedAt')}>{invoice.authorizedAt ? formatDate(invoice.authorizedAt, locale, true) : ''}</DetailField>
        </SimpleGrid>
      ) : null}
      {events.length > 0 ? (
        <>
          <Title order={2} fz="h5" mb="xs">
            {t('invoice.sri.history')}
          </Title>
          {/* A timeline, as the order's: it reads the same on a phone, with no region to scroll. */}
          <Timeline active={events.length - 1} bulletSize={14} lineWidth={2} data-testid="sri-history">
            {events.map((event) => (
              <Timeline.Item key={event.id} title={`${t(STEP_KEYS[event.step as keyof typeof STEP_KEYS] ?? 'invoice.sri.steps.send')} · ${STATUS_COLORS[event.status as SriStatus] ? t(`invoice.statuses.${event.status as SriStatus}`) : event.status}`}>
                <Stack gap={2}>
                  <Text fz="xs" c="dimmed">
                    {formatDate(event.createdAt, locale, true)}
                  </Text>
                  {event.waiting && WAITING_KEYS[event.waiting as keyof typeof WAITING_KEYS] ? <Text fz="sm">{t(WAITING_KEYS[event.waiting as keyof typeof WAITING_KEYS])}</Text> : null}
                  <SriMessage message={event} />
                </Stack>
              </Timeline.Item>
            ))}
          </Timeline>
        </>
      ) : null}
    </Paper>
  );
}
