import { Button, Group, NativeSelect, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Form, Link, useLocation } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { TicketInputSchema } from '#common/schemas/ticket.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { ticketCategory } from '#common/enums/ticket.ts';
import type { Route } from './+types/new';
import { AttachmentFields } from './ticket-thread.tsx';
import { ticketNewAction } from './ticket.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.ticketNew');
export const action = (args: Route.ActionArgs) => ticketNewAction(args);

export default function TicketNew() {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { fieldError, formError, value, formProps } = useFormResult(TicketInputSchema);
  const busy = useSending();
  return (
    <>
      <PageHeader title={t('page.ticketNew')} description={t('ticket.newText')} />
      <Paper withBorder radius="md" p="lg" maw={760}>
        <Form method="post" noValidate {...formProps}>
          <Stack gap="md">
            <FormAlert error={formError} />
            <TextInput
              name="subject"
              label={t('ticket.subject')}
              placeholder={t('ticket.subjectPlaceholder')}
              defaultValue={value('subject')}
              error={fieldError('subject')}
              maxLength={200}
              required
              autoComplete="off"
            />
            <NativeSelect
              name="category"
              label={t('ticket.category')}
              defaultValue={value('category') ?? ''}
              data={[{ value: '', label: t('ticket.chooseCategory'), disabled: true }, ...ticketCategory.values.map((category) => ({ value: category, label: t(ticketCategory.label(category)) }))]}
              error={fieldError('category')}
              required
            />
            <Textarea
              name="message"
              label={t('ticket.message')}
              placeholder={t('ticket.messagePlaceholder')}
              defaultValue={value('message')}
              error={fieldError('message')}
              autosize
              minRows={5}
              maxRows={16}
              maxLength={5000}
              required
            />
            <AttachmentFields error={fieldError('attachments')} />
            <Group justify="flex-end">
              <Button component={Link} to={localizePath('/ticket', locale)} variant="default">
                {t('list.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('ticket.submit')}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
    </>
  );
}
