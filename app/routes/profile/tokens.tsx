import { Alert, Anchor, Badge, Button, Code, Group, List, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Form, useActionData, useLocation } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { CopyValueButton } from '#app/components/copy-value-button.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { type Column, DataTable } from '#app/components/list/data-table.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { ProfileNav } from '#app/components/profile-nav.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { ACCESS_TOKEN_EXPIRIES, ACCESS_TOKEN_SCOPES, AccessTokenInputSchema, type AccessTokenScope } from '#common/access-token.ts';
import { formatDate } from '#common/dates.ts';
import { localeFromPath } from '#common/locale.ts';
import type { Route } from './+types/tokens';
import { type TokenActionResult, tokensAction, tokensLoader } from './tokens.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.profileTokens');
export const loader = (args: Route.LoaderArgs) => tokensLoader(args);
export const action = (args: Route.ActionArgs) => tokensAction(args);

type Row = Route.ComponentProps['loaderData']['tokens'][number];

/** Profile → Access tokens (issue 12): create one (shown once, to copy), list them, revoke one after a confirmation. */
/** A token that can change things stands out; an accountant's has its own colour. */
const SCOPE_COLORS: Record<AccessTokenScope, string> = { read: 'blue', write: 'orange', invoices: 'grape' };

export default function AccessTokens({ loaderData: { tokens, staff } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { fieldError, formError, notice, value, formProps } = useFormResult(AccessTokenInputSchema);
  const created = (useActionData() as TokenActionResult | undefined)?.created;
  const busy = useSending();
  const date = (iso: string | null, empty: string) => (iso ? formatDate(iso, locale, true) : empty);

  const columns: Column<Row>[] = [
    { key: 'name', label: t('accessToken.name'), render: (row) => <Text fw={600}>{row.name}</Text> },
    {
      key: 'status',
      label: t('accessToken.scope'),
      render: (row) => (
        <Group gap={4}>
          <Badge variant="light" color={SCOPE_COLORS[row.scope]}>{t(`accessToken.scopes.${row.scope}`)}</Badge>
          {row.expired && <Badge variant="light" color="gray">{t('accessToken.expired')}</Badge>}
        </Group>
      ),
    },
    { key: 'created', label: t('accessToken.created'), render: (row) => date(row.createdAt, '') },
    { key: 'lastUsed', label: t('accessToken.lastUsed'), render: (row) => date(row.lastUsedAt, t('accessToken.notUsed')) },
    { key: 'expires', label: t('accessToken.expires'), render: (row) => date(row.expiresAt, t('accessToken.never')) },
    {
      key: 'revoke',
      label: t('accessToken.revoke'),
      hideLabel: true,
      render: (row) => (
        <ConfirmButton
          intent="revoke"
          fields={{ id: String(row.id) }}
          label={t('accessToken.revoke')}
          aria-label={`${t('accessToken.revoke')} ${row.name}`}
          title={t('accessToken.revokeTitle', { name: row.name })}
          message={t('accessToken.revokeText')}
          confirmLabel={t('accessToken.revokeConfirm')}
          size="compact-sm"
          data-testid={`revoke-${row.id}`}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('page.profileTokens')} />
      <ProfileNav />
      <Stack gap="lg" maw={960}>
        <Text>
          {t('accessToken.intro')}{' '}
          <Anchor href="/api/docs">
            {t('accessToken.docsLink')}
          </Anchor>
        </Text>
        {staff && <Text data-testid="staff-note">{t('accessToken.staffNote')}</Text>}
        <FormAlert notice={notice} error={formError} />
        {created && (
          <Alert color="green" title={t('accessToken.createdTitle', { name: created.name })} data-testid="new-token">
            <Stack gap="xs">
              <Text size="sm">{t('accessToken.createdText')}</Text>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600} component="span">
                  {t('accessToken.tokenLabel')}:
                </Text>
                <Code data-testid="new-token-value" style={{ wordBreak: 'break-all' }}>
                  {created.token}
                </Code>
                <CopyValueButton value={created.token} copyLabel={t('accessToken.copy')} copiedLabel={t('accessToken.copied')} variant="light" />
              </Group>
            </Stack>
          </Alert>
        )}
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('accessToken.createTitle')}
          </Title>
          <Form method="post" {...formProps}>
            <input type="hidden" name="intent" value="create" />
            <Group align="flex-start" wrap="wrap">
              <TextInput name="name" label={t('accessToken.name')} description={t('accessToken.nameHint')} required maxLength={60} error={fieldError('name')} defaultValue={created ? '' : value('name')} key={created?.token} style={{ flex: '1 1 220px' }} />
              <NativeSelect name="scope" label={t('accessToken.scope')} error={fieldError('scope')} defaultValue={value('scope') ?? 'read'} data={ACCESS_TOKEN_SCOPES.map((scope) => ({ value: scope, label: t(`accessToken.scopes.${scope}`) }))} style={{ flex: '0 1 200px' }} />
              <NativeSelect name="expiresIn" label={t('accessToken.expiresIn')} error={fieldError('expiresIn')} defaultValue={value('expiresIn') ?? '90'} data={ACCESS_TOKEN_EXPIRIES.map((days) => ({ value: days, label: t(`accessToken.expiries.${days}`) }))} style={{ flex: '0 1 180px' }} />
            </Group>
            <Text size="sm" fw={600} mt="md" id="scope-help-title">
              {t('accessToken.scopeHelpTitle')}
            </Text>
            <List size="sm" spacing={4} mt={4} aria-labelledby="scope-help-title" data-testid="scope-help">
              {ACCESS_TOKEN_SCOPES.map((scope) => (
                <List.Item key={scope}>{t(`accessToken.scopeHelp.${scope}`)}</List.Item>
              ))}
            </List>
            <Group justify="flex-end" mt="md">
              <Button type="submit" loading={busy} data-testid="create-token">
                {t('accessToken.create')}
              </Button>
            </Group>
          </Form>
        </Paper>
        <Title order={2} size="h4">
          {t('accessToken.listTitle')}
        </Title>
        <DataTable columns={columns} rows={tokens} rowKey={(row) => row.id} rowTestId={(row) => `token-${row.id}`} sort="created" dir="desc" caption={t('accessToken.listTitle')} />
      </Stack>
    </>
  );
}
