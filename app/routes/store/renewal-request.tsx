import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { Form } from 'react-router';
import { useFormResult } from '#app/lib/form-result.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The owner's request to renew the plan or change it (issue 20 §12): a dialog that says what happens
 * next, the plan wanted and a note; its button sends it to staff. Staff set the new expiry.
 */
export function RenewalRequest({ plans, currentPlan, expired }: { plans: { id: number; name: string }[]; currentPlan: { id: number; name: string } | null; expired: boolean }) {
  const t = useT();
  const { result, fieldError, value } = useFormResult();
  // A refused request (a plan that no longer exists, too many today) opens the dialog again with why.
  const refused = result?.values?.intent === 'renewal';
  const [opened, { open, close }] = useDisclosure(refused);
  const [answered, setAnswered] = useState(result);
  if (answered !== result) {
    setAnswered(result);
    if (refused) open();
  }
  const choices = [
    ...(currentPlan ? [{ value: 'same', label: String(t('store.renewal.samePlan', { plan: currentPlan.name })) }] : []),
    ...plans.filter((plan) => plan.id !== currentPlan?.id).map((plan) => ({ value: String(plan.id), label: plan.name })),
  ];
  const why = refused ? (fieldError('planId') ?? fieldError('note') ?? (result?.formError ? String(t(result.formError.key, (result.formError.vars ?? {}) as never)) : undefined)) : undefined;
  return (
    <>
      {/* Why a request was refused, beside its button too: without JavaScript there is no dialog. */}
      {why ? (
        <Alert color="red" variant="light" role="alert" w="100%">
          {why}
        </Alert>
      ) : null}
      <Button onClick={open} color={expired ? 'red' : undefined} variant={expired ? 'filled' : 'light'} data-testid="renewal-open">
        {t('store.renewal.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('store.renewal.title')} centered>
        <Form method="post" onSubmit={close}>
          <input type="hidden" name="intent" value="renewal" />
          <Stack gap="md">
            <Text fz="sm">{t('store.renewal.text')}</Text>
            <Select
              name="planId"
              label={t('store.renewal.plan')}
              data={choices}
              defaultValue={value('planId') ?? choices[0]?.value ?? ''}
              allowDeselect={false}
              error={fieldError('planId')}
              comboboxProps={{ withinPortal: false }}
            />
            <Textarea name="note" label={t('store.renewal.note')} defaultValue={value('note')} maxLength={500} autosize minRows={2} error={fieldError('note')} />
            {refused && result?.formError ? <Text c="red.7" fz="sm" role="alert">{String(t(result.formError.key, (result.formError.vars ?? {}) as never))}</Text> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('store.renewal.cancel')}
              </Button>
              <Button type="submit" data-testid="renewal-send">
                {t('store.renewal.send')}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Modal>
    </>
  );
}
