import { Alert, Anchor, Badge, Code, Group, Stack, Table, Text } from '@mantine/core';
import { Link, useActionData, useLocation } from 'react-router';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { formatLocaleNumber } from '#common/locale-number.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/webhook-show';
import { WebhookForm, WebhookPanel, WebhookSecret } from './webhook-form.tsx';
import { STATE_COLORS } from './webhooks.tsx';
import { type WebhookActionResult, webhookShowAction, webhookShowLoader } from './webhooks.server.ts';

// One webhook (issue 38 §5): its settings, a test event, the secret's rotation, its deletion, and
// its deliveries with every attempt (status, time, duration, the answer's first 1 KB), each
// redelivered on demand. Every change asks first.

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'webhook.editTitle');
export const loader = (args: Route.LoaderArgs) => webhookShowLoader(args);
export const action = (args: Route.ActionArgs) => webhookShowAction(args);

const DELIVERY_COLORS = { pending: 'yellow', delivered: 'green', failed: 'red' } as const;

export default function WebhookShow({ loaderData: { endpoint, deliveries } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const answer = useActionData() as WebhookActionResult | undefined;
  const date = (iso: string) => formatDate(iso, locale, true);
  return (
    <>
      <PageHeader
        title={t('webhook.editTitle')}
        description={endpoint.url}
        actions={
          <Group gap="xs">
            <Anchor component={Link} to={localizePath('/store/webhooks', locale)}>
              {t('webhook.title')}
            </Anchor>
          </Group>
        }
      />
      <Stack gap="lg" maw={1100}>
        <FormAlert notice={answer?.notice && !answer.errors ? String(t(answer.notice)) : undefined} />
        {answer?.secret && <WebhookSecret secret={answer.secret} />}
        <Group gap="sm">
          <Badge variant="light" color={STATE_COLORS[endpoint.state]} data-testid="webhook-state">
            {t(`webhook.state.${endpoint.state}`)}
          </Badge>
          {endpoint.state === 'enabled' && endpoint.failingSince && <Text size="sm" c="orange">{t('webhook.failingSince', { date: date(endpoint.failingSince) })}</Text>}
        </Group>
        {endpoint.state === 'failing' && <Alert color="red" variant="light">{t('webhook.disabledFailing')}</Alert>}
        <Group gap="sm" wrap="wrap">
          <ConfirmButton intent="test" label={t('webhook.sendTest')} title={t('webhook.sendTestTitle')} message={String(t('webhook.sendTestText', { url: endpoint.url }))} confirmLabel={t('webhook.sendTestConfirm')} color="brand" confirmColor="brand" data-testid="send-test" />
          <ConfirmButton intent="rotate" label={t('webhook.rotate')} title={t('webhook.rotateTitle')} message={t('webhook.rotateText')} confirmLabel={t('webhook.rotateConfirm')} color="orange" confirmColor="orange" data-testid="rotate-secret" />
          <ConfirmButton intent="delete" label={t('webhook.delete')} title={t('webhook.deleteTitle')} message={t('webhook.deleteText')} confirmLabel={t('webhook.deleteConfirm')} data-testid="delete-webhook" />
        </Group>
        <WebhookPanel title={t('webhook.editTitle')}>
          <WebhookForm key={endpoint.updatedAt} initial={{ url: endpoint.url, events: endpoint.events, enabled: endpoint.enabled }} submitLabel={t('webhook.save')} />
        </WebhookPanel>
        <WebhookPanel title={t('webhook.deliveries')}>
          {deliveries.length === 0 ? (
            <Text c="dimmed" data-testid="no-deliveries">
              {t('webhook.deliveriesEmpty')}
            </Text>
          ) : (
            <Stack gap="md" data-testid="deliveries">
              {deliveries.map((delivery) => (
                <Stack key={delivery.id} gap={6} data-testid={`delivery-${delivery.id}`}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Group gap="xs" wrap="wrap">
                      <Code>{delivery.eventType}</Code>
                      <Badge variant="light" color={DELIVERY_COLORS[delivery.state]}>
                        {t(`webhook.deliveryState.${delivery.state}`)}
                      </Badge>
                      <Text size="sm" c="dimmed">
                        #{delivery.id} · {date(delivery.createdAt)}
                      </Text>
                      {delivery.state === 'pending' && delivery.attempts.length > 0 && (
                        <Text size="sm" c="dimmed">
                          {t('webhook.nextAttempt', { date: date(delivery.nextAttemptAt) })}
                        </Text>
                      )}
                    </Group>
                    <ConfirmButton
                      intent="redeliver"
                      fields={{ deliveryId: String(delivery.id) }}
                      label={t('webhook.redeliver')}
                      aria-label={`${t('webhook.redeliver')} #${delivery.id}`}
                      title={t('webhook.redeliverTitle')}
                      message={t('webhook.redeliverText')}
                      confirmLabel={t('webhook.redeliverConfirm')}
                      color="brand"
                      confirmColor="brand"
                      size="compact-sm"
                      data-testid={`redeliver-${delivery.id}`}
                    />
                  </Group>
                  {delivery.attempts.length > 0 && (
                    <Table.ScrollContainer minWidth={560}>
                      <Table striped withTableBorder fz="sm">
                        <Table.Caption>{t('webhook.attemptsOf', { id: delivery.id })}</Table.Caption>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>{t('webhook.time')}</Table.Th>
                            <Table.Th>{t('webhook.status')}</Table.Th>
                            <Table.Th>{t('webhook.duration')}</Table.Th>
                            <Table.Th>{t('webhook.snippet')}</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {delivery.attempts.map((attempt) => (
                            <Table.Tr key={attempt.id}>
                              <Table.Td>{date(attempt.attemptedAt)}</Table.Td>
                              <Table.Td>{attempt.status ?? t('webhook.noAnswer')}</Table.Td>
                              <Table.Td>{formatLocaleNumber(attempt.durationMs, locale)} ms</Table.Td>
                              <Table.Td style={{ wordBreak: 'break-all' }}>
                                {attempt.error && <Text size="xs" c="red">{attempt.error}</Text>}
                                {attempt.responseSnippet && <Code block>{attempt.responseSnippet}</Code>}
                              </Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  )}
                </Stack>
              ))}
            </Stack>
          )}
        </WebhookPanel>
      </Stack>
    </>
  );
}
