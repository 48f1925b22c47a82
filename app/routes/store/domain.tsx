import { Badge, Button, Code, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Form } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { DomainSchema } from '#common/schemas/domain.ts';
import type { Route } from './+types/domain';
import { domainAction, domainLoader } from './domain.server.ts';

// `/store/domain` (issue 41 §5, decision 100): the store's own domain — name it, see the two DNS
// records to make, have it checked, remove it (confirmed).

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'nav.domain');
export const loader = domainLoader;
export const action = domainAction;

type DnsRecord = { type: string; name: string; value: string | null };

/** One DNS record as three labelled values: a card that reads the same at 375 px and on a desk. */
function RecordCard({ title, record, testId }: { title: string; record: DnsRecord; testId: string }) {
  const t = useT();
  const cell = (label: string, value: string) => (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Code style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>{value}</Code>
    </Stack>
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title} data-testid={testId}>
      <Text fw={600} mb="xs">
        {title}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {cell(t('domain.type'), record.type)}
        {cell(t('domain.name'), record.name)}
        {record.value === null ? (
          <Text size="sm" c="red.8">
            {t('domain.noAddress')}
          </Text>
        ) : (
          cell(t('domain.value'), record.value)
        )}
      </SimpleGrid>
    </Paper>
  );
}

export default function StoreDomain({ loaderData: { domain } }: Route.ComponentProps) {
  const t = useT();
  const { fieldError, formError, notice, value, formProps } = useFormResult(DomainSchema);
  const busy = useSending();
  return (
    <>
      <PageHeader title={t('domain.title')} description={t('domain.text')} />
      <Stack gap="lg" maw={860}>
        <FormAlert notice={notice} error={formError} />
        {domain ? (
          <Paper withBorder p="lg" radius="md">
            <Group justify="space-between" wrap="wrap" mb="md">
              <Title order={2} size="h4" style={{ wordBreak: 'break-all' }} data-testid="domain-host">
                {domain.host}
              </Title>
              <Badge color={domain.verified ? 'green' : 'yellow'} variant="light" data-testid="domain-state">
                {domain.verified ? t('domain.verifiedBadge') : t('domain.pending')}
              </Badge>
            </Group>
            {domain.verified ? (
              <Text mb="md" style={{ wordBreak: 'break-all' }} data-testid="domain-live">
                {t('domain.verified', { host: domain.host })}
              </Text>
            ) : null}
            <Title order={3} size="h5" mb="xs">
              {t('domain.records')}
            </Title>
            <Stack gap="sm">
              <RecordCard title={t('domain.pointerTitle')} record={domain.pointer} testId="domain-pointer" />
              <RecordCard title={t('domain.verifyTitle')} record={domain.verification} testId="domain-verification" />
            </Stack>
            <Text size="sm" c="dimmed" mt="sm">
              {t('domain.dnsDelay')}
            </Text>
            <Group justify="flex-end" mt="md" wrap="wrap">
              <ConfirmButton
                intent="remove"
                fields={{ id: String(domain.id) }}
                label={t('domain.remove')}
                title={t('domain.removeTitle', { host: domain.host })}
                message={t('domain.removeMessage')}
                confirmLabel={t('domain.remove')}
                data-testid="domain-remove"
              />
              {domain.verified ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="verify" />
                  <input type="hidden" name="id" value={domain.id} />
                  <Button type="submit" loading={busy} data-testid="domain-verify">
                    {t('domain.verify')}
                  </Button>
                </Form>
              )}
            </Group>
          </Paper>
        ) : (
          <Paper withBorder p="lg" radius="md">
            <Form method="post" noValidate {...formProps}>
              <input type="hidden" name="intent" value="add" />
              <TextInput
                name="host"
                label={t('domain.host')}
                description={t('domain.hostHint')}
                placeholder="www.tiendademaria.ec"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                inputMode="url"
                required
                maxLength={300}
                defaultValue={value('host')}
                error={fieldError('host')}
                data-testid="domain-host-input"
              />
              <Group justify="flex-end" mt="md">
                <Button type="submit" loading={busy} data-testid="domain-add">
                  {t('domain.add')}
                </Button>
              </Group>
            </Form>
          </Paper>
        )}
      </Stack>
    </>
  );
}
