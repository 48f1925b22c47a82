import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { SwitchField, TextareaField, TextField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { provinceByCode } from '#common/ecuador-places.ts';
import { type Locale, localeFromPath, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import { PickupFormSchema } from '#common/schemas/shipping.ts';
import type { ShippingRate, ShippingZone } from '#common/shipping-rates.ts';
import { formatWeight } from '#common/weight.ts';
import type { Route } from './+types/shipping';
import { shippingAction, shippingLoader } from './shipping.server.ts';

// /store/shipping (issue 40 §1): the store's zones, each with its provinces and rates, and pickup
// in the store. Each zone and rate is edited on its own page; deleting one asks first.

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'shipping.title');
export const loader = (args: Route.LoaderArgs) => shippingLoader(args);
export const action = (args: Route.ActionArgs) => shippingAction(args);

const NOTICES = ['zoneSaved', 'zoneDeleted', 'rateSaved', 'rateDeleted'] as const;

/** "Pichincha, Guayas (2 cantones)": the zone's places as the owner chose them. */
function placesText(zone: ShippingZone, t: ReturnType<typeof useT>): string {
  return zone.places.map((place) => {
    const name = provinceByCode(place.province)?.name ?? place.province;
    return place.cantons.length === 0 ? name : `${name} (${place.cantons.join(', ')})`;
  }).join(' · ') || String(t('shipping.placesRequired'));
}

/** A rate's prices: "$3,50", or its brackets "hasta 1 kg: $12,00 · más: $25,00". */
function pricesText(rate: ShippingRate, locale: Locale, t: ReturnType<typeof useT>): string {
  const money = (cents: number) => formatMoney(cents, locale);
  if (rate.kind === 'flat') return money(rate.brackets[0]?.priceCents ?? 0);
  const limit = (upTo: number) => (rate.kind === 'weight' ? formatWeight(upTo / 1000, locale, 'kg') : money(upTo));
  return rate.brackets.map((bracket) => (bracket.upTo === null ? t('shipping.bracketRest', { price: money(bracket.priceCents) }) : t('shipping.bracketUpTo', { limit: limit(bracket.upTo), price: money(bracket.priceCents) }))).join(' · ');
}

function ZoneCard({ zone, locale }: { zone: ShippingZone; locale: Locale }) {
  const t = useT();
  const path = (rest: string) => localizePath(rest, locale);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" data-testid={`zone-${zone.id}`} component="section" aria-labelledby={`zone-${zone.id}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="lg" id={`zone-${zone.id}-title`}>
            {zone.name}
          </Title>
          <Group gap="xs">
            <Button component={Link} to={`${path('/store/shipping/zone')}?id=${zone.id}`} variant="default" size="compact-sm" aria-label={`${t('shipping.editZone')}: ${zone.name}`}>
              {t('shipping.edit')}
            </Button>
            <ConfirmButton intent="delete-zone" fields={{ id: String(zone.id) }} label={t('shipping.deleteZone')} aria-label={`${t('shipping.deleteZone')}: ${zone.name}`} title={t('shipping.deleteZoneTitle', { name: zone.name })} message={t('shipping.deleteZoneMessage')} confirmLabel={t('shipping.deleteZoneYes')} size="compact-sm" />
          </Group>
        </Group>
        <Text size="sm">{placesText(zone, t)}</Text>
        <Title order={4} fz="md">
          {t('shipping.rates')}
        </Title>
        {zone.rates.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('shipping.noRates')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {zone.rates.map((rate) => (
              <Group component="li" key={rate.id} justify="space-between" wrap="wrap" gap="xs" data-testid={`rate-${rate.id}`}>
                <Stack gap={2}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600}>{rate.name}</Text>
                    <Badge variant="light">{t(`shipping.kinds.${rate.kind}`)}</Badge>
                  </Group>
                  <Text size="sm">{pricesText(rate, locale, t)}</Text>
                  <Text size="sm" c="dimmed">
                    {t('shipping.days', { min: rate.daysMin, max: rate.daysMax })}
                    {rate.freeFromCents !== null ? ` · ${t('shipping.freeFromShort', { amount: formatMoney(rate.freeFromCents, locale) })}` : ''}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button component={Link} to={`${path('/store/shipping/rate')}?id=${rate.id}`} variant="default" size="compact-sm" aria-label={`${t('shipping.editRate')}: ${rate.name}`}>
                    {t('shipping.edit')}
                  </Button>
                  <ConfirmButton intent="delete-rate" fields={{ id: String(rate.id) }} label={t('shipping.deleteRate')} aria-label={`${t('shipping.deleteRate')}: ${rate.name}`} title={t('shipping.deleteRateTitle', { name: rate.name })} message={t('shipping.deleteRateMessage')} confirmLabel={t('shipping.deleteRateYes')} size="compact-sm" />
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        <Anchor component={Link} to={`${path('/store/shipping/rate')}?zone=${zone.id}`} size="sm" data-testid={`add-rate-${zone.id}`}>
          {t('shipping.addRate')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

export default function StoreShipping({ loaderData: { zones, pickup, flatFeeCents } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const [search] = useSearchParams();
  const notice = NOTICES.find((key) => key === search.get('notice'));
  return (
    <>
      <PageHeader
        title={t('shipping.title')}
        description={t('shipping.intro')}
        actions={
          <Button component={Link} to={localizePath('/store/shipping/zone', locale)} data-testid="add-zone">
            {t('shipping.addZone')}
          </Button>
        }
      />
      <Stack gap="lg" maw={900}>
        {notice && <FormAlert notice={t(`shipping.${notice}`)} />}
        <Title order={2} fz="lg">
          {t('shipping.zones')}
        </Title>
        {zones.length === 0 ? (
          <Text data-testid="no-zones">{t('shipping.noZones', { fee: formatMoney(flatFeeCents, locale) })}</Text>
        ) : (
          zones.map((zone) => <ZoneCard key={zone.id} zone={zone} locale={locale} />)
        )}
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="pickup-title">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="pickup-title">
              {t('shipping.pickup')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('shipping.pickupIntro')}
            </Text>
            <RecordForm
              schema={PickupFormSchema}
              intent="pickup"
              submitLabel={t('shipping.savePickup')}
              initial={pickup}
              failureMessage="shipping.saveFailed"
              confirmSave={() => ({ title: t('shipping.pickupSaveTitle'), message: t('shipping.pickupSaveMessage'), confirm: t('shipping.savePickup') })}
            >
              <Stack gap="sm">
                <SwitchField name="enabled" label="shipping.pickupEnabled" />
                <TextField name="address" label="shipping.pickupAddress" maxLength={300} autoComplete="street-address" />
                <TextareaField name="instructions" label="shipping.pickupInstructions" maxLength={500} autosize minRows={2} />
              </Stack>
            </RecordForm>
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
