import { Alert, Anchor, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Form, Link, useLocation } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { PageHeader } from '#app/components/page-header.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { PROVINCES } from '#common/ecuador-places.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { ZONE_NAME_MAX, ZoneFormSchema } from '#common/schemas/shipping.ts';
import type { Route } from './+types/shipping-zone';
import { zoneAction, zoneLoader } from './shipping.server.ts';

// A shipping zone's form (issue 40 §1): its name and its provinces, each whole or some of its
// cantons (under "Only some cantons of …"). One group holds both kinds of checkbox, so each keeps
// its ticks; plain checkboxes, so without JavaScript it posts the same.

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'shipping.editZone');
export const loader = (args: Route.LoaderArgs) => zoneLoader(args);
export const action = (args: Route.ActionArgs) => zoneAction(args);

export default function ShippingZone({ loaderData: { zone } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { result, fieldError, formError, formProps } = useFormResult(ZoneFormSchema);
  const busy = useSending();
  const typed = result?.values;
  const name = typed?.name ?? zone?.name ?? '';
  const provinces = new Set(typed ? (typed.provinces ?? '').split(',') : (zone?.places.map((place) => place.province) ?? []));
  const cantons = new Set(typed ? (typed.cantons ?? '').split(',') : (zone?.places.flatMap((place) => place.cantons.map((canton) => `${place.province}:${canton}`)) ?? []));
  const title = zone ? t('shipping.editZone') : t('shipping.newZone');
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Anchor component={Link} to={localizePath('/store/shipping', locale)}>
            {t('shipping.back')}
          </Anchor>
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={900}>
        <Form method="post" {...formProps} data-testid="zone-form">
          <Stack gap="md">
            {formError && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <TextInput name="name" label={t('shipping.zoneName')} description={t('shipping.zoneNameHint')} required maxLength={ZONE_NAME_MAX} defaultValue={name} error={fieldError('name')} />
            <Checkbox.Group label={t('shipping.provinces')} description={t('shipping.provincesHint')} error={fieldError('provinces')} defaultValue={[...provinces, ...cantons]} withAsterisk>
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
                {PROVINCES.map((province) => (
                  <Stack key={province.code} gap={4}>
                    <Checkbox name="provinces" value={province.code} label={province.name} data-testid={`province-${province.code}`} />
                    <details>
                      <summary>
                        <Text component="span" size="sm">
                          {t('shipping.someCantons', { province: province.name })}
                        </Text>
                      </summary>
                      <Stack gap={8} pl="md" pt={6}>
                        {province.cantons.map((canton) => (
                          <Checkbox key={canton} name="cantons" value={`${province.code}:${canton}`} label={canton} />
                        ))}
                      </Stack>
                    </details>
                  </Stack>
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button type="submit" loading={busy} data-testid="save-zone">
                {zone ? t('shipping.saveZone') : t('shipping.createZone')}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
    </>
  );
}
