import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Form, useLocation } from 'react-router';
import { FormDialog, useFormDialog } from '#app/components/form-dialog.tsx';
import { SriMessage } from '#app/components/invoice-sri-status.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { sriStatus } from '#common/enums/invoice.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import { CREDIT_NOTE_REASON_MAX, quantityField } from '#common/schemas/credit-note.ts';

// The order page's credit notes (issue 37 §7), shown once the order is invoiced: the notes issued,
// each with where it stands with SRI (the invoice's words; why it waits, SRI's message when it
// refused it), its RIDE and its XML, and the form that issues one. The form lives in a dialog that says first what
// issuing means (a number that is never reused); it posts to the order page (`intent=creditNote`),
// which sends it back with the errors and what was typed, with or without JavaScript.

type View = {
  invoiceId: number;
  notes: {
    id: number;
    number: string;
    issuedAt: string;
    reason: string;
    totalCents: number;
    sriStatus: string;
    sriWaiting: string | null;
    sriMessageId: string | null;
    sriMessage: string | null;
    sriMessageDetail: string | null;
    sriMessageType: string | null;
  }[];
  lines: { orderLineId: number; name: string; sku: string; quantity: number; left: number }[];
  shipping: { cents: number; left: boolean };
};

const WAITING_KEYS = { certificate: 'creditNote.waiting.certificate', unreachable: 'creditNote.waiting.unreachable', processing: 'creditNote.waiting.processing' } as const;

/** A note's SRI state: its badge, why it waits, and SRI's last message while it waits or once it refused the note. */
function CreditNoteSri({ note }: { note: View['notes'][number] }) {
  const t = useT();
  const waitingKey = note.sriWaiting ? WAITING_KEYS[note.sriWaiting as keyof typeof WAITING_KEYS] : undefined;
  // A certificate's absence is our reason, not SRI's: its code is not shown as an SRI message.
  const showMessage = (note.sriStatus === 'rejected' || note.sriWaiting !== null) && note.sriWaiting !== 'certificate';
  return (
    <Stack gap={4} data-testid="credit-note-sri" data-sri-status={note.sriStatus}>
      <div>
        <StatusBadge of={sriStatus} value={sriStatus.is(note.sriStatus) ? note.sriStatus : 'issued'} />
      </div>
      {waitingKey ? <Text fz="xs">{t(waitingKey)}</Text> : null}
      {showMessage ? <SriMessage message={{ messageId: note.sriMessageId, message: note.sriMessage, messageDetail: note.sriMessageDetail, messageType: note.sriMessageType }} /> : null}
    </Stack>
  );
}

/** The note's name with its number kept on one line: a phone breaks "Nota de crédito" from it, never "001-001-" from the rest. */
function NoteNumber({ label, number }: { label: string; number: string }) {
  const at = label.indexOf(number);
  if (at < 0) return label;
  return (
    <>
      {label.slice(0, at)}
      <span style={{ whiteSpace: 'nowrap' }}>{number}</span>
      {label.slice(at + number.length)}
    </>
  );
}

export function CreditNoteSection({ view }: { view: View }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { fieldError, formError, result } = useFormResult();
  const [opened, { open, close }] = useFormDialog();
  const typed = result?.values ?? {};
  const money = (cents: number) => formatMoney(cents, locale);
  const creditable = view.lines.filter((line) => line.left > 0);
  const anythingLeft = creditable.length > 0 || view.shipping.left;
  return (
    <Paper withBorder p="md" radius="md" mt="lg" data-testid="credit-notes">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h4">
            {t('creditNote.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('creditNote.intro')}
          </Text>
        </div>
        {anythingLeft ? (
          <Button variant="light" onClick={open} data-testid="open-credit-note">
            {t('creditNote.issue')}
          </Button>
        ) : null}
      </Group>
      {view.notes.length === 0 ? (
        <Text fz="sm">{t('creditNote.none')}</Text>
      ) : (
        // One block per note, not a table: its state, SRI's message and two links do not fit in
        // columns at 375 px.
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('creditNote.title')}>
          {view.notes.map((note) => (
            <Paper component="li" key={note.id} withBorder radius="sm" p="sm" data-testid="credit-note">
              <Group justify="space-between" align="baseline" gap="xs">
                <Text fw={600}>
                  <NoteNumber label={t('creditNote.number', { number: note.number })} number={note.number} />
                </Text>
                <Text fw={600}>{money(note.totalCents)}</Text>
              </Group>
              <Text fz="xs" c="dimmed" mb="xs">
                {formatDate(note.issuedAt, locale, true)} · {note.reason}
              </Text>
              <CreditNoteSri note={note} />
              <Group gap="md" mt="xs">
                <Anchor href={`${localizePath('/sales/credit-note/pdf', locale)}?id=${note.id}`} fz="sm" aria-label={`${t('creditNote.downloadPdf')} · ${t('creditNote.number', { number: note.number })}`}>
                  {t('creditNote.downloadPdf')}
                </Anchor>
                <Anchor href={`${localizePath('/sales/credit-note/xml', locale)}?id=${note.id}`} fz="sm" aria-label={`${t('creditNote.downloadXml')} · ${t('creditNote.number', { number: note.number })}`}>
                  {t('creditNote.downloadXml')}
                </Anchor>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {!anythingLeft && view.notes.length > 0 ? (
        <Text fz="sm" mt="sm">
          {t('creditNote.nothingLeft')}
        </Text>
      ) : null}
      <FormDialog opened={opened} onClose={close} title={t('creditNote.issueConfirmTitle')}>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="creditNote" />
          <Stack gap="sm">
            <Text fz="sm">{t('creditNote.issueConfirmText')}</Text>
            {formError ? (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            ) : null}
            {fieldError('lines') ? (
              <Alert color="red" role="alert" data-testid="credit-note-lines-error">
                {fieldError('lines')}
              </Alert>
            ) : null}
            {creditable.map((line) => {
              const name = quantityField(line.orderLineId);
              return (
                <TextInput
                  key={line.orderLineId}
                  name={name}
                  label={t('creditNote.quantityLabel', { name: line.name })}
                  description={t('creditNote.quantityLeft', { count: line.left })}
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={typed[name] ?? ''}
                  error={fieldError(name)}
                  maw={320}
                />
              );
            })}
            {view.shipping.left ? <Checkbox name="shipping" label={t('creditNote.shippingLabel', { amount: money(view.shipping.cents) })} defaultChecked={typed.shipping === 'on'} /> : null}
            <Checkbox name="restock" label={t('creditNote.restockLabel')} defaultChecked={result?.values ? typed.restock === 'on' : true} />
            <TextInput name="reason" label={t('creditNote.reasonLabel')} description={t('creditNote.reasonHint')} maxLength={CREDIT_NOTE_REASON_MAX} required defaultValue={typed.reason ?? ''} error={fieldError('reason')} />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={close}>
                {t('list.cancel')}
              </Button>
              <Button type="submit" data-testid="issue-credit-note">
                {t('creditNote.issue')}
              </Button>
            </Group>
          </Stack>
        </Form>
      </FormDialog>
    </Paper>
  );
}
