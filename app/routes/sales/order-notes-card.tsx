import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { Form, useLocation } from 'react-router';
import { DIALOG_STYLES } from '#app/components/form-dialog.tsx';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { localeFromPath } from '#common/locale.ts';
import { useAnswerDialog, useIntentAnswer } from './payment-answer.ts';

type Note = { id: number; body: string; createdAt: string; userName: string | null };

/**
 * The notes sent to the order's shopper (issue 40 §3), and the dialog that writes one: it says first
 * where the note goes (the shopper's e-mail, and this list), and posts `intent=note` to the order page,
 * which sends it back with the error and what was typed if refused — with or without JavaScript.
 */
export function OrderNotesCard({ notes, name, email }: { notes: Note[]; name: string; email: string }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { result, typed, fieldError, formError } = useIntentAnswer('note');
  const [opened, { open, close }] = useAnswerDialog(result);
  return (
    <Paper withBorder p="md" radius="md" mt="md" data-testid="order-notes">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('orderPapers.note.heading')}
        </Title>
        <Button variant="light" size="xs" onClick={open} data-testid="open-note">
          {t('orderPapers.note.open')}
        </Button>
      </Group>
      {notes.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('orderPapers.note.none')}
        </Text>
      ) : (
        <Stack gap="sm">
          {notes.map((note) => (
            <Stack key={note.id} gap={2}>
              <Text fz="xs" c="dimmed">
                {formatDate(note.createdAt, locale, true)}
                {note.userName ? ` · ${t('order.by', { name: note.userName })}` : ''}
              </Text>
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {note.body}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
      <Modal opened={opened} onClose={close} title={t('orderPapers.note.title', { name })} size="lg" withinPortal={false} transitionProps={{ duration: 0 }} styles={DIALOG_STYLES}>
        <Form method="post" onSubmit={close}>
          <input type="hidden" name="intent" value="note" />
          <Stack gap="sm">
            <Text fz="sm">{t('orderPapers.note.text', { email })}</Text>
            {formError ? (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            ) : null}
            <Textarea name="message" label={t('orderPapers.note.message')} required maxLength={2000} autosize minRows={4} defaultValue={typed.message ?? ''} error={fieldError('message')} data-testid="note-message" />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('orderPapers.note.cancel')}
              </Button>
              <Button type="submit" data-testid="send-note">
                {t('orderPapers.note.send')}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Modal>
    </Paper>
  );
}
