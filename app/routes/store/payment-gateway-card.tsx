import { Alert, Badge, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useContext, useMemo, useState } from 'react';
import { useActionData } from 'react-router';
import { CustomField, NumberField, SelectField, SwitchField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { RecordFormContext } from '#app/components/form/use-field.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { useT } from '#app/lib/use-t.ts';
import { paymentLogoUrl } from '#common/payment-logos.ts';
import { GATEWAY_ENVIRONMENTS, gatewayFormSchema, gatewayIntent } from '#common/schemas/payment-gateway.ts';

// One gateway on /store/payments (issue 39 §2, §3, §6): its logo, whether it is on, sandbox or
// live, the minutes an unpaid order waits, and its credentials. The credentials are password
// inputs that start empty, always: once saved the card says so and offers to replace them, and
// nothing secret ever comes back from the server (the loader says only `configured`). Switching
// live on is asked first; any other save is not.

export type GatewayCardView = {
  gateway: 'payphone' | 'paypal';
  enabled: boolean;
  environment: 'sandbox' | 'live';
  configured: boolean;
  expiryMinutes: number;
  fields: { name: string; label: string; help: string; maxLength: number }[];
};

export function PaymentGatewayCard({ gateway, expiry }: { gateway: GatewayCardView; expiry: { min: number; max: number } }) {
  const t = useT();
  const name = t(`order.payment.${gateway.gateway}`);
  const schema = useMemo(() => gatewayFormSchema(gateway.fields, expiry), [gateway.fields, expiry]);
  const titleId = `gateway-${gateway.gateway}-title`;
  const live = gateway.enabled && gateway.environment === 'live';
  const on = gateway.enabled && gateway.configured;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby={titleId} data-testid={`gateway-${gateway.gateway}`}>
      <Group justify="space-between" align="center" mb="sm" wrap="wrap" gap="xs">
        {/* The logo is the card's title: its name for screen readers is the gateway's. */}
        <Title order={3} id={titleId} lh={1}>
          <img src={paymentLogoUrl(gateway.gateway)} alt={name} height={28} />
        </Title>
        <Group gap="xs">
          <Badge color={on ? 'green' : 'gray'} variant="light" data-testid="gateway-state">
            {t(on ? 'payment.settings.on' : 'payment.settings.off')}
          </Badge>
          {on ? (
            <Badge color={live ? 'orange' : 'blue'} variant="light">
              {t(`payment.settings.environments.${gateway.environment}`)}
            </Badge>
          ) : null}
        </Group>
      </Group>
      <RecordForm
        schema={schema}
        intent={gatewayIntent(gateway.gateway)}
        submitLabel={t('payment.settings.save', { gateway: name })}
        initial={{ enabled: gateway.enabled, environment: gateway.environment, expiryMinutes: gateway.expiryMinutes }}
        failureMessage="payment.settings.failed"
        // The sales settings' form above keeps the page's one "leave without saving?" question.
        guardUnsaved={false}
        confirmSave={(data) =>
          data.enabled === true && data.environment === 'live' && !live
            ? { title: t('payment.settings.liveTitle', { gateway: name }), message: t('payment.settings.liveMessage', { gateway: name }), confirm: t('payment.settings.liveConfirm') }
            : null
        }
      >
        <SwitchField name="enabled" label="payment.settings.enabled" description={t('payment.settings.enabledHint')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField
            name="environment"
            label="payment.settings.environment"
            description={t('payment.settings.environmentHint')}
            data={GATEWAY_ENVIRONMENTS.map((value) => ({ value, label: t(`payment.settings.environments.${value}`) }))}
          />
          <NumberField name="expiryMinutes" label="payment.settings.expiryMinutes" description={t('payment.settings.expiryMinutesHint', expiry)} inputMode="numeric" />
        </SimpleGrid>
        <Credentials gateway={gateway} />
      </RecordForm>
    </Paper>
  );
}

/** The gateway's credential fields: shown at once while none are saved, behind "replace" once they are. */
function Credentials({ gateway }: { gateway: GatewayCardView }) {
  const t = useT();
  const form = useContext(RecordFormContext);
  // Typed secrets leave the inputs once this card's form is answered: remounted empty.
  const answer = useActionData() as FormResult | undefined;
  const [answered, setAnswered] = useState(answer);
  const [round, setRound] = useState(0);
  if (answer !== answered) {
    setAnswered(answer);
    if (answer?.intent === gatewayIntent(gateway.gateway)) setRound((count) => count + 1);
  }
  const inputs = (
    <Stack gap="sm" key={round}>
      {gateway.fields.map((spec) => (
        <CustomField key={spec.name} name={spec.name}>
          {(field) => <PasswordInput {...field.inputProps} label={spec.label} description={spec.help} maxLength={spec.maxLength} autoComplete="new-password" spellCheck={false} defaultValue="" />}
        </CustomField>
      ))}
    </Stack>
  );
  if (!gateway.configured) {
    return (
      <Stack gap="sm">
        <Text fz="sm" fw={600}>
          {t('payment.settings.credentials')}
        </Text>
        <Text fz="sm" c="dimmed" data-testid="credentials-missing">
          {t('payment.settings.noCredentials')}
        </Text>
        {inputs}
      </Stack>
    );
  }
  const refused = gateway.fields.some((spec) => form?.errors[spec.name]);
  return (
    <Stack gap="sm">
      <Alert color="green" variant="light" title={t('payment.settings.credentialsSaved')} data-testid="credentials-saved">
        {t('payment.settings.credentialsSavedHint')}
      </Alert>
      {/* A disclosure that works without JavaScript; open when a typed credential was refused. */}
      <details open={refused || undefined}>
        <summary style={{ cursor: 'pointer' }}>
          <Text component="span" fz="sm" fw={600}>
            {t('payment.settings.replaceCredentials')}
          </Text>
        </summary>
        <Stack mt="sm">{inputs}</Stack>
      </details>
    </Stack>
  );
}
