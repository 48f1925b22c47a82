import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { NumberField, SelectField, SwitchField, TextField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { ivaOptions } from '#app/lib/iva-options.ts';
import { useT } from '#app/lib/use-t.ts';
import { SALES_INTENT } from '#common/schemas/payment-gateway.ts';
import { BANK_ACCOUNT_TYPES, SalesSettingsFormSchema } from '#common/schemas/sales-settings.ts';
import { ACCOUNTING_ANSWERS, RIMPE_REGIMES } from '#common/sri-issuer.ts';
import type { Route } from './+types/payments';
import { BankTransferOffHint } from './bank-transfer-hint.tsx';
import { CertificateSection } from './certificate-section.tsx';
import { PaymentGatewayCard } from './payment-gateway-card.tsx';
import { paymentsAction, paymentsLoader } from './payments.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'salesSettings.title');
export const loader = (args: Route.LoaderArgs) => paymentsLoader(args);
export const action = (args: Route.ActionArgs) => paymentsAction(args);

function Section({ title, text, children }: { title: string; text?: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Title order={2} fz="lg" component="legend" mb={text ? 0 : 'xs'}>
        {title}
      </Title>
      {text ? (
        <Text fz="sm" c="dimmed">
          {text}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}

/**
 * /store/payments (issue 23 §2, issue 39 §2–3): how the store is paid, what shipping costs, and what
 * its invoices say; then its payment gateways, each a card with a form of its own.
 */
export default function StorePayments({ loaderData: { values, gateways, expiry } }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('salesSettings.title')} description={t('salesSettings.text')} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={760}>
        <RecordForm
          schema={SalesSettingsFormSchema}
          intent={SALES_INTENT}
          submitLabel={t('salesSettings.save')}
          initial={values}
          failureMessage="store.updateFailed"
          // What shoppers are offered changes with the next order: asked before it does.
          confirmSave={() => ({ title: t('salesSettings.saveTitle'), message: t('salesSettings.saveMessage'), confirm: t('salesSettings.save') })}
        >
          <Stack gap="xl">
            <Section title={t('salesSettings.payment')}>
              <SwitchField name="cashOnDelivery" label="salesSettings.cashOnDelivery" description={t('salesSettings.cashOnDeliveryHint')} />
              <SwitchField name="bankTransfer" label="salesSettings.bankTransfer" description={t('salesSettings.bankTransferHint')} />
              <BankTransferOffHint />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextField name="bankName" label="salesSettings.bankName" />
                <SelectField
                  name="bankAccountType"
                  label="salesSettings.bankAccountType"
                  data={[{ value: '', label: '—' }, ...BANK_ACCOUNT_TYPES.map((value) => ({ value, label: t(`salesSettings.accountType.${value}`) }))]}
                />
                <TextField name="bankAccountNumber" label="salesSettings.bankAccountNumber" inputMode="numeric" autoComplete="off" />
                <TextField name="bankAccountHolder" label="salesSettings.bankAccountHolder" />
              </SimpleGrid>
            </Section>
            <Section title={t('salesSettings.shipping')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberField name="shippingFee" label="salesSettings.shippingFee" description={t('salesSettings.shippingFeeHint')} />
                <NumberField name="freeShippingFrom" label="salesSettings.freeShippingFrom" description={t('salesSettings.freeShippingFromHint')} />
                <SelectField name="shippingIvaCode" label="iva.shipping" description={t('iva.shippingHint')} data={ivaOptions(t)} />
              </SimpleGrid>
            </Section>
            <Section title={t('salesSettings.tax')} text={t('salesSettings.taxText')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextField name="ruc" label="salesSettings.ruc" description={t('salesSettings.rucHint')} inputMode="numeric" maxLength={13} autoComplete="off" />
                <TextField name="businessName" label="salesSettings.businessName" autoComplete="organization" />
                <TextField name="establishment" label="salesSettings.establishment" description={t('salesSettings.seriesHint')} inputMode="numeric" maxLength={3} autoComplete="off" />
                <TextField name="emissionPoint" label="salesSettings.emissionPoint" description={t('salesSettings.seriesHint')} inputMode="numeric" maxLength={3} autoComplete="off" />
              </SimpleGrid>
              {/* What the invoice says of its issuer (issue 37 §4): one line each, as SRI takes them. */}
              <TextField name="headOfficeAddress" label="salesSettings.headOfficeAddress" description={t('salesSettings.headOfficeAddressHint')} maxLength={300} autoComplete="street-address" />
              <TextField name="establishmentAddress" label="salesSettings.establishmentAddress" description={t('salesSettings.establishmentAddressHint')} maxLength={300} autoComplete="off" />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <SelectField name="accountingObligated" label="salesSettings.accountingObligated" description={t('salesSettings.accountingObligatedHint')} data={ACCOUNTING_ANSWERS.map((value) => ({ value, label: t(`salesSettings.accounting.${value || 'unset'}`) }))} />
                <SelectField name="rimpe" label="salesSettings.rimpe" description={t('salesSettings.rimpeHint')} data={RIMPE_REGIMES.map((value) => ({ value, label: t(`salesSettings.rimpeRegimes.${value}`) }))} />
                <TextField name="withholdingAgent" label="salesSettings.withholdingAgent" description={t('salesSettings.withholdingAgentHint')} inputMode="numeric" maxLength={8} autoComplete="off" />
              </SimpleGrid>
            </Section>
          </Stack>
        </RecordForm>
      </Paper>
      {/* The gateways (issue 39 §2, §3): a card each, each its own form posted to this page. */}
      <Stack gap="sm" maw={760} mt="lg" component="section" aria-labelledby="gateways-title" data-testid="payment-gateways">
        <Title order={2} fz="lg" id="gateways-title">
          {t('payment.settings.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('payment.settings.text')}
        </Text>
        {gateways.map((gateway) => (
          <PaymentGatewayCard key={gateway.gateway} gateway={gateway} expiry={expiry} />
        ))}
      </Stack>
      {/* The signing certificate (issue 37 §5): its own form, sent to its own API route. */}
      <CertificateSection />
    </>
  );
}
