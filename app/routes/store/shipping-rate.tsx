import { Anchor, Fieldset, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { FormAlert } from '#app/components/form-alert.tsx';
import { NumberField, SelectField, TextField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { MAX_BRACKETS, RATE_NAME_MAX, RateFormSchema } from '#common/schemas/shipping.ts';
import { RATE_KINDS } from '#common/shipping-rates.ts';
import type { Route } from './+types/shipping-rate';
import { rateAction, rateLoader } from './shipping.server.ts';

// A shipping rate's form (issue 40 §1): its name, how it is charged, its price or its brackets
// (up to an amount in dollars, or a weight in kilograms, each with its price), its delivery days
// and its free-shipping threshold. A new one belongs to the zone of `?zone=`.

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'shipping.editRate');
export const loader = (args: Route.LoaderArgs) => rateLoader(args);
export const action = (args: Route.ActionArgs) => rateAction(args);

/** Rows shown: four, or one more than the rate has, up to the most a rate may have. */
const rowsFor = (brackets: number) => Math.min(MAX_BRACKETS, Math.max(4, brackets + 1));

export default function ShippingRate({ loaderData: { zone, rate } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const [search] = useSearchParams();
  const rows = Array.from({ length: rowsFor(rate?.brackets ?? 0) }, (_, index) => index);
  return (
    <>
      <PageHeader
        title={rate ? t('shipping.editRate') : t('shipping.newRate')}
        description={zone.name}
        actions={
          <Anchor component={Link} to={localizePath('/store/shipping', locale)}>
            {t('shipping.back')}
          </Anchor>
        }
      />
      <Stack gap="lg" maw={760}>
        {search.get('notice') === 'zoneCreated' && <FormAlert notice={t('shipping.zoneCreated')} />}
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <RecordForm schema={RateFormSchema} submitLabel={rate ? t('shipping.saveRate') : t('shipping.createRate')} initial={rate?.values ?? { kind: 'flat', daysMin: 1, daysMax: 3 }} failureMessage="shipping.saveFailed">
            <Stack gap="md">
              <TextField name="name" label="shipping.rateName" description={t('shipping.rateNameHint')} maxLength={RATE_NAME_MAX} />
              <SelectField
                name="kind"
                label="shipping.kind"
                description={RATE_KINDS.map((kind) => t(`shipping.kindHelp.${kind}`)).join(' ')}
                data={RATE_KINDS.map((kind) => ({ value: kind, label: t(`shipping.kinds.${kind}`) }))}
                data-testid="rate-kind"
              />
              <NumberField name="price" label="shipping.price" description={t('shipping.priceHint')} />
              <Fieldset legend={t('shipping.brackets')} variant="unstyled">
                <Text size="sm" c="dimmed" mb="xs">
                  {t('shipping.bracketsHint')}
                </Text>
                <Stack gap="xs">
                  {rows.map((index) => (
                    <SimpleGrid key={index} cols={2} spacing="xs">
                      <NumberField name={`upTo${index}`} label="shipping.upTo" aria-label={String(t('shipping.upToRow', { n: index + 1 }))} />
                      <NumberField name={`price${index}`} label="shipping.bracketPriceShort" aria-label={String(t('shipping.bracketPrice', { n: index + 1 }))} />
                    </SimpleGrid>
                  ))}
                </Stack>
              </Fieldset>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberField name="daysMin" label="shipping.daysMin" inputMode="numeric" />
                <NumberField name="daysMax" label="shipping.daysMax" inputMode="numeric" />
              </SimpleGrid>
              <NumberField name="freeFrom" label="shipping.freeFrom" description={t('shipping.freeFromHint')} />
            </Stack>
          </RecordForm>
        </Paper>
      </Stack>
    </>
  );
}
