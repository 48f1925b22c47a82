import { Anchor, Box, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useT } from '#app/lib/use-t.ts';
import { Form, useLocation, useNavigation } from 'react-router';
import { UploadField } from '#app/components/upload-field.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { localeFromPath } from '#common/locale.ts';
import { formatDate } from '#common/dates.ts';
import { formatFileSize } from '#common/file-size.ts';
import { MAX_ATTACHMENTS, TicketReplySchema } from '#common/schemas/ticket.ts';

// The pieces the client's and the back office's ticket screens share: the conversation and the
// reply form. `viewer` decides which side of the thread is "mine".

export type ThreadMessage = {
  id: number;
  fromStaff: boolean;
  authorName: string | null;
  body: string;
  createdAt: string;
  attachments: { id: string; name: string; size: number }[];
};


function PaperclipIcon() {
  return (
    <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" style={{ verticalAlign: '-2px', marginRight: 4 }}>
      <path d="M21 11.5l-8.5 8.5a5 5 0 0 1-7-7l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />
    </svg>
  );
}

/** One labelled detail of a ticket's side panel. */
export function TicketThread({ messages, viewer, clientName }: { messages: ThreadMessage[]; viewer: 'client' | 'staff'; clientName?: string }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const author = (message: ThreadMessage) => {
    if (message.fromStaff) return message.authorName ? t('ticket.supportNamed', { name: message.authorName }) : t('ticket.support');
    if (viewer === 'client') return t('ticket.you');
    return clientName ?? message.authorName ?? t('ticket.formerUser');
  };
  return (
    <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('ticket.thread')} data-testid="ticket-thread">
      {messages.map((message) => {
        const mine = viewer === 'staff' ? message.fromStaff : !message.fromStaff;
        return (
          <Box component="li" key={message.id} id={`message-${message.id}`} style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
            <Paper
              p="md"
              radius="lg"
              withBorder
              maw="85%"
              miw={220}
              bg={message.fromStaff ? 'var(--mantine-color-gray-0)' : 'var(--mantine-color-brand-0)'}
              style={mine ? { borderBottomRightRadius: 4 } : { borderBottomLeftRadius: 4 }}
              data-testid="ticket-message"
              data-from={message.fromStaff ? 'staff' : 'client'}
            >
              <Group justify="space-between" gap="md" mb={6} wrap="nowrap">
                <Text fw={700} fz="sm">
                  {author(message)}
                </Text>
                <Text component="time" dateTime={message.createdAt} fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(message.createdAt, locale, true)}
                </Text>
              </Group>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Text>
              {message.attachments.length > 0 ? (
                <Stack gap={4} mt="sm" component="ul" p={0} style={{ listStyle: 'none' }} aria-label={t('ticket.attachments')}>
                  {message.attachments.map((file) => (
                    <li key={file.id}>
                      <Anchor href={`/api/v1/uploads/${file.id}`} target="_blank" rel="noopener" fz="sm" style={{ overflowWrap: 'anywhere' }}>
                        <PaperclipIcon />
                        {file.name}
                      </Anchor>{' '}
                      <Text component="span" fz="xs" c="dimmed">
                        ({formatFileSize(file.size, locale)})
                      </Text>
                    </li>
                  ))}
                </Stack>
              ) : null}
            </Paper>
          </Box>
        );
      })}
    </Stack>
  );
}

/** Up to MAX_ATTACHMENTS upload fields, one shown at first; empty ones are ignored by the server. */
export function AttachmentFields({ error }: { error?: string }) {
  const t = useT();
  const [count, setCount] = useState(1);
  return (
    <Stack gap="xs">
      {Array.from({ length: count }, (_, index) => (
        <UploadField key={index} name="attachments" purpose="attachment" label={t('ticket.attachment', { n: index + 1 })} error={index === 0 ? error : undefined} />
      ))}
      {count < MAX_ATTACHMENTS ? (
        <Group justify="space-between" gap="xs">
          <Text fz="xs" c="dimmed">
            {t('ticket.attachmentsHint', { max: MAX_ATTACHMENTS })}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => setCount(count + 1)}>
            + {t('ticket.addAttachment')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The reply form of a show screen; give it a `key` that changes after a reply so it starts empty. */
export function ReplyForm({ withAttachments, note }: { withAttachments: boolean; note?: string }) {
  const t = useT();
  const { fieldError, value, formProps } = useFormResult(TicketReplySchema);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'reply';
  return (
    <Form method="post" noValidate data-testid="reply-form" {...formProps}>
      <input type="hidden" name="intent" value="reply" />
      <Stack gap="sm">
        <Textarea
          name="message"
          label={t('ticket.reply')}
          placeholder={t('ticket.replyPlaceholder')}
          defaultValue={value('message')}
          error={fieldError('message')}
          autosize
          minRows={3}
          maxRows={14}
          maxLength={5000}
          required
        />
        {withAttachments ? <AttachmentFields error={fieldError('attachments')} /> : null}
        <Group justify="space-between" align="center">
          <Text fz="sm" c="dimmed">
            {note}
          </Text>
          {/* ml="auto": when a long note pushes it to its own line, it stays on the right. */}
          <Button type="submit" loading={busy} ml="auto">
            {t('ticket.send')}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
