import { Badge, Button, Flex, Group, List, Modal, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { Form, useLocation } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { DangerZoneForm } from '#app/components/danger-zone-form.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { type Column, DataTable } from '#app/components/list/data-table.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { localeFromPath } from '#common/locale.ts';
import { InviteSchema } from '#common/schemas/staff.ts';
import { INVITABLE_ROLES, type InvitableRole, type StoreRole } from '#common/store-permissions.ts';
import type { Route } from './+types/staff';
import { staffAction, staffLoader } from './staff.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'staff.title');
export const loader = (args: Route.LoaderArgs) => staffLoader(args);
export const action = (args: Route.ActionArgs) => staffAction(args);

type Member = Route.ComponentProps['loaderData']['members'][number];
type Invitation = Route.ComponentProps['loaderData']['invitations'][number];

/** A badge keeps its whole word: a table's narrow column would otherwise cut it ("PENDIE…"). */
const WHOLE = { minWidth: 'max-content' } as const;

const ROLE_COLORS: Record<StoreRole, string> = { owner: 'grape', administrator: 'orange', catalogue: 'teal', orders: 'blue', viewer: 'gray' };

/** A member's role as a form: a change asks first (a dialog), and without JavaScript the form is sent as it is. */
function RoleForm({ member }: { member: Member }) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const confirmed = useRef(false);
  const [opened, { open, close }] = useDisclosure(false);
  const name = member.name;
  return (
    <>
      <Form
        method="post"
        ref={form}
        onSubmit={(event) => {
          if (confirmed.current) {
            confirmed.current = false;
            return;
          }
          event.preventDefault();
          open();
        }}
      >
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="userId" value={member.userId} />
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <NativeSelect
            name="role"
            aria-label={t('staff.roleOf', { name })}
            defaultValue={member.role}
            data={INVITABLE_ROLES.map((role) => ({ value: role, label: t(`tenancy.roles.${role}`) }))}
            size="xs"
            data-testid={`role-${member.userId}`}
          />
          <Button type="submit" size="compact-sm" variant="light" data-testid={`save-role-${member.userId}`} aria-label={t('staff.saveRoleLabel', { name })}>
            {t('staff.saveRole')}
          </Button>
        </Group>
      </Form>
      <Modal opened={opened} onClose={close} title={t('staff.roleChangeTitle', { name })} centered>
        <Text mb="lg">{t('staff.roleChangeText')}</Text>
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('list.cancel')}
          </Button>
          <Button
            onClick={() => {
              confirmed.current = true;
              close();
              form.current?.requestSubmit();
            }}
            data-testid="confirm"
          >
            {t('staff.saveRole')}
          </Button>
        </Flex>
      </Modal>
    </>
  );
}

/** `/store/staff`: the members and the open invitations; the owner invites, changes, removes and hands the store over. */
export default function Staff({ loaderData: { members, invitations, manage } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const form = useFormResult(InviteSchema);
  const { fieldError, formError, notice, value, formProps, result } = form;
  const busy = useSending();
  const intent = value('intent');
  // Each answer draws the invitation form afresh: empty after a sent invitation, as typed after a refusal.
  const [answers, setAnswers] = useState({ result, count: 0 });
  if (answers.result !== result) setAnswers({ result, count: answers.count + 1 });
  const date = (iso: string) => formatDate(iso, locale, true);
  const roleBadge = (role: StoreRole) => (
    <Badge variant="light" color={ROLE_COLORS[role]} style={WHOLE}>
      {t(`tenancy.roles.${role}`)}
    </Badge>
  );

  const memberColumns: Column<Member>[] = [
    {
      key: 'name',
      label: t('staff.name'),
      render: (row) => (
        <Group gap={6} wrap="wrap">
          <Text fw={600} component="span">
            {row.name}
          </Text>
          {row.you ? (
            <Badge variant="outline" size="sm">
              {t('staff.you')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'email', label: t('staff.email'), render: (row) => <Text component="span" style={{ wordBreak: 'break-all' }}>{row.email}</Text> },
    { key: 'role', label: t('staff.role'), render: (row) => (manage && row.role !== 'owner' ? <RoleForm member={row} /> : roleBadge(row.role)) },
    { key: 'since', label: t('staff.since'), render: (row) => formatDate(row.since, locale) },
    ...(manage
      ? [
          {
            key: 'actions',
            label: t('staff.actions'),
            hideLabel: true,
            render: (row: Member) =>
              row.role === 'owner' ? null : (
                <ConfirmButton
                  intent="remove"
                  fields={{ userId: String(row.userId) }}
                  label={t('staff.remove')}
                  aria-label={t('staff.removeLabel', { name: row.name })}
                  title={t('staff.removeTitle', { name: row.name })}
                  message={t('staff.removeText')}
                  confirmLabel={t('staff.removeConfirm')}
                  size="compact-sm"
                  data-testid={`remove-${row.userId}`}
                />
              ),
          } satisfies Column<Member>,
        ]
      : []),
  ];

  const invitationColumns: Column<Invitation>[] = [
    { key: 'email', label: t('staff.email'), render: (row) => <Text fw={600} component="span" style={{ wordBreak: 'break-all' }}>{row.email}</Text> },
    {
      key: 'state',
      label: t('staff.state'),
      render: (row) => (
        <Badge variant="light" color={row.expired ? 'gray' : 'yellow'} style={WHOLE}>
          {row.expired ? t('staff.expired') : t('staff.pending')}
        </Badge>
      ),
    },
    { key: 'role', label: t('staff.role'), render: (row) => roleBadge(row.role) },
    { key: 'sent', label: t('staff.sentAt'), render: (row) => date(row.sentAt) },
    { key: 'expires', label: t('staff.expiresAt'), render: (row) => date(row.expiresAt) },
    ...(manage
      ? [
          {
            key: 'actions',
            label: t('staff.actions'),
            hideLabel: true,
            render: (row: Invitation) => (
              <Group gap="xs" wrap="wrap">
                <ConfirmButton
                  intent="resend"
                  fields={{ id: String(row.id) }}
                  label={t('staff.resend')}
                  aria-label={t('staff.resendLabel', { email: row.email })}
                  title={t('staff.resendTitle', { email: row.email })}
                  message={t('staff.resendText')}
                  confirmLabel={t('staff.resendConfirm')}
                  color="brand"
                  confirmColor="brand"
                  size="compact-sm"
                  data-testid={`resend-${row.id}`}
                />
                <ConfirmButton
                  intent="withdraw"
                  fields={{ id: String(row.id) }}
                  label={t('staff.withdraw')}
                  aria-label={t('staff.withdrawLabel', { email: row.email })}
                  title={t('staff.withdrawTitle', { email: row.email })}
                  message={t('staff.withdrawText')}
                  confirmLabel={t('staff.withdrawConfirm')}
                  size="compact-sm"
                  data-testid={`withdraw-${row.id}`}
                />
              </Group>
            ),
          } satisfies Column<Invitation>,
        ]
      : []),
  ];

  const candidates = members.filter((member) => member.role !== 'owner');
  // The invitation form starts empty again once its invitation went out.
  const sent = intent === 'invite' && notice !== undefined;
  // Each form shows the errors of its own post: the handover's inside its danger zone, the rest on top.
  const handoverForm = { ...form, formError: intent === 'handover' ? formError : undefined };

  return (
    <>
      <PageHeader title={t('staff.title')} description={manage ? t('staff.intro') : t('staff.readOnly')} />
      <Stack gap="lg" maw={1040}>
        <FormAlert notice={notice} error={intent === 'handover' ? undefined : formError} />
        {manage ? (
          <Paper withBorder p="lg" radius="md">
            <Title order={2} size="h4" mb="xs">
              {t('staff.inviteTitle')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('staff.inviteText')}
            </Text>
            <Form method="post" noValidate {...formProps} key={`invite-${answers.count}`}>
              <input type="hidden" name="intent" value="invite" />
              <Group align="flex-start" wrap="wrap">
                <TextInput
                  name="email"
                  type="email"
                  label={t('staff.inviteEmail')}
                  autoComplete="off"
                  required
                  maxLength={254}
                  defaultValue={sent ? '' : intent === 'invite' ? value('email') : ''}
                  error={fieldError('email')}
                  style={{ flex: '1 1 260px' }}
                  data-testid="invite-email"
                />
                <NativeSelect
                  name="role"
                  label={t('staff.role')}
                  defaultValue={(intent === 'invite' && !sent ? value('role') : undefined) ?? 'orders'}
                  error={fieldError('role')}
                  data={INVITABLE_ROLES.map((role: InvitableRole) => ({ value: role, label: t(`tenancy.roles.${role}`) }))}
                  style={{ flex: '0 1 220px' }}
                  data-testid="invite-role"
                />
              </Group>
              <Text size="sm" fw={600} mt="md" id="role-help-title">
                {t('staff.roleHelpTitle')}
              </Text>
              <List size="sm" spacing={4} mt={4} aria-labelledby="role-help-title">
                {INVITABLE_ROLES.map((role) => (
                  <List.Item key={role}>{t(`staff.roleHelp.${role}`)}</List.Item>
                ))}
              </List>
              <Group justify="flex-end" mt="md">
                <Button type="submit" loading={busy} data-testid="invite-submit">
                  {t('staff.inviteSubmit')}
                </Button>
              </Group>
            </Form>
          </Paper>
        ) : null}
        <Title order={2} size="h4">
          {t('staff.membersTitle')}
        </Title>
        <DataTable columns={memberColumns} rows={members} rowKey={(row) => row.userId} rowTestId={(row) => `member-${row.userId}`} sort="" dir="asc" caption={t('staff.membersTitle')} />
        <Title order={2} size="h4">
          {t('staff.invitationsTitle')}
        </Title>
        {invitations.length === 0 ? (
          <Text c="dimmed" data-testid="no-invitations">
            {t('staff.noInvitations')}
          </Text>
        ) : (
          <DataTable columns={invitationColumns} rows={invitations} rowKey={(row) => row.id} rowTestId={(row) => `invitation-${row.id}`} sort="" dir="desc" caption={t('staff.invitationsTitle')} />
        )}
        {manage ? (
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('staff.handover.title')}
            </Title>
            {candidates.length === 0 ? (
              <Text c="dimmed" data-testid="handover-none">
                {t('staff.handover.noCandidates')}
              </Text>
            ) : (
              <DangerZoneForm
                form={handoverForm}
                texts={{
                  warningTitle: t('staff.handover.warningTitle'),
                  warning: <Text size="sm">{t('staff.handover.warning')}</Text>,
                  passwordLabel: t('staff.handover.passwordLabel'),
                  submit: t('staff.handover.submit'),
                  confirmTitle: t('staff.handover.confirmTitle'),
                  confirmText: t('staff.handover.confirmText'),
                  confirm: t('staff.handover.confirm'),
                  cancel: t('staff.handover.cancel'),
                }}
              >
                <input type="hidden" name="intent" value="handover" />
                <NativeSelect
                  name="userId"
                  label={t('staff.handover.member')}
                  required
                  defaultValue={intent === 'handover' ? value('userId') : ''}
                  error={intent === 'handover' ? fieldError('userId') : undefined}
                  data={[{ value: '', label: t('staff.handover.choose') }, ...candidates.map((member) => ({ value: String(member.userId), label: `${member.name} (${member.email})` }))]}
                  data-testid="handover-member"
                />
              </DangerZoneForm>
            )}
          </Stack>
        ) : null}
      </Stack>
    </>
  );
}
