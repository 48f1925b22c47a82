import { Alert, Button, Checkbox, Code, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { Form } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { CopyValueButton } from '#app/components/copy-value-button.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { useT } from '#app/lib/use-t.ts';
import { WEBHOOK_URL_MAX, WebhookEndpointFormSchema, webhookEventGroups } from '#common/webhook.ts';
import type { WebhookActionResult } from './webhooks.server.ts';

// The endpoint's form (issue 38 §5), for a new one and on its page: the URL, the events it wants by
// group, and whether it is on. What was typed stays after a refusal; a URL refused for its address
// says which kind of address it is.

export function WebhookForm({ initial, submitLabel }: { initial?: { url: string; events: string[]; enabled: boolean }; submitLabel: string }) {
  const t = useT();
  const { result, fieldError, formError, formProps } = useFormResult(WebhookEndpointFormSchema);
  const answer = result as WebhookActionResult | undefined;
  const busy = useSending();
  const typed = answer?.values;
  const url = typed?.url ?? initial?.url ?? '';
  const events = new Set(typed ? (typed.events ?? '').split(',').filter(Boolean) : (initial?.events ?? []));
  const enabled = typed ? typed.enabled === 'on' : (initial?.enabled ?? true);
  const urlError = answer?.urlError && fieldError('url') ? String(t(answer.urlError.key, answer.urlError.vars as never)) : fieldError('url');
  return (
    <Form method="post" {...formProps} data-testid="webhook-form">
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput name="url" type="url" label={t('webhook.url')} description={t('webhook.urlHint')} required maxLength={WEBHOOK_URL_MAX} defaultValue={url} error={urlError} placeholder="https://" autoComplete="off" />
        <Checkbox.Group label={t('webhook.events')} description={t('webhook.eventsHint')} error={fieldError('events')} defaultValue={[...events]} withAsterisk>
          <Stack gap="sm" mt="xs">
            {webhookEventGroups().map(([group, types]) => (
              <Group key={group} gap="md" wrap="wrap">
                {types.map((type) => (
                  <Checkbox key={type} name="events" value={type} label={<Code>{type}</Code>} />
                ))}
              </Group>
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch name="enabled" label={t('webhook.enabled')} description={t('webhook.enabledHint')} defaultChecked={enabled} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} data-testid="save-webhook">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** The secret, the one time it is shown: after the endpoint is made or its secret rotated. */
export function WebhookSecret({ secret }: { secret: string }) {
  const t = useT();
  return (
    <Alert color="green" title={t('webhook.secretTitle')} data-testid="webhook-secret">
      <Stack gap="xs">
        <Text size="sm">{t('webhook.secretText')}</Text>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} component="span">
            {t('webhook.secretLabel')}:
          </Text>
          <Code data-testid="webhook-secret-value" style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
          <CopyValueButton value={secret} copyLabel={t('webhook.copy')} copiedLabel={t('webhook.copied')} variant="light" />
        </Group>
      </Stack>
    </Alert>
  );
}

export function WebhookPanel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
