import { Alert, Anchor, Badge, Button, Checkbox, Divider, Grid, Group, Paper, Stack, Table, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '#app/lib/use-t.ts';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { type Estimate, estimate } from '#common/consolidation-estimate.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import { formatWeight } from '#common/weight.ts';
import { MIN_PACKAGES } from '#common/schemas/consolidation.ts';
import type { Route } from './+types/new';
import { consolidationNewAction, consolidationNewLoader } from './consolidate.server.ts';
import { PackageCells, PackageHeads } from './consolidation-details.tsx';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.consolidationNew');
export const loader = (args: Route.LoaderArgs) => consolidationNewLoader(args);
export const action = (args: Route.ActionArgs) => consolidationNewAction(args);

function Line({ label, help, children }: { label: string; help?: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Stack gap={0}>
        <Text fz="sm">{label}</Text>
        {help ? (
          <Text fz="xs" c="dimmed">
            {help}
          </Text>
        ) : null}
      </Stack>
      <Text fz="sm" fw={600} ta="right" style={{ whiteSpace: 'nowrap' }}>
        {children}
      </Text>
    </Group>
  );
}

/** Recomputed on every tick with the same function the server stores the figures with. */
function EstimatePanel({ figures, count, ratePerLbCents }: { figures: Estimate; count: number; ratePerLbCents: number }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const reasons = [
    figures.overWeight4x4 ? t('consolidation.overWeight4x4', { kg: figures.actualKg }) : null,
    figures.overValue4x4 ? t('consolidation.overValue4x4', { value: formatMoney(figures.declaredValueCents, locale) }) : null,
  ].filter(Boolean);
  return (
    <Paper withBorder p="lg" radius="md" style={{ position: 'sticky', top: 80 }} aria-live="polite" data-testid="estimate">
      <Title order={2} fz="md">
        {t('consolidation.estimate')}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {t('consolidation.selected', { count })}
      </Text>
      <Stack gap="xs">
        <Line label={t('consolidation.actualWeight')}>
          {formatWeight(figures.actualLb, locale)} ({formatWeight(figures.actualKg, locale, 'kg')})
        </Line>
        <Line label={t('consolidation.volumetricWeight')} help={t('consolidation.volumetricHelp')}>
          {formatWeight(figures.volumetricLb, locale)}
        </Line>
        <Line label={t('consolidation.billableWeight')} help={t('consolidation.billableHelp')}>
          <span data-testid="billable">{formatWeight(figures.billableLb, locale)}</span>
        </Line>
        <Line label={t('consolidation.rate')}>{t('consolidation.ratePerLb', { rate: formatMoney(ratePerLbCents, locale) })}</Line>
        <Divider />
        <Line label={t('consolidation.cost')}>
          <Text span fz="lg" fw={700} data-testid="cost">
            {formatMoney(figures.costCents, locale)}
          </Text>
        </Line>
        <Line label={t('consolidation.declaredValue')}>{formatMoney(figures.declaredValueCents, locale)}</Line>
        <Divider />
        <Group justify="space-between">
          <Text fz="sm">{t('consolidation.category4x4')}</Text>
          {count > 0 ? (
            <Badge color={figures.fits4x4 ? 'green' : 'orange'} variant="light" data-testid="fits4x4">
              {figures.fits4x4 ? t('consolidation.fits4x4') : t('consolidation.notFits4x4')}
            </Badge>
          ) : null}
        </Group>
        <Text fz="xs" c="dimmed">
          {count < MIN_PACKAGES ? t('consolidation.choose4x4') : figures.fits4x4 ? t('consolidation.fits4x4Text') : reasons.join(' ')}
        </Text>
        <Text fz="xs" c="dimmed" mt="xs">
          {t('consolidation.estimateText')}
        </Text>
      </Stack>
    </Paper>
  );
}

export default function ConsolidationNew({ loaderData: { packages, deliveryAddress, ratePerLbCents } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { result, fieldError, formError } = useFormResult();
  const busy = useNavigation().state === 'submitting';
  const values = result?.values ?? {};
  // The ticked boxes themselves are the selection (uncontrolled): the echo ticks them again when the
  // form comes back, and boxes ticked before the page hydrated still count once it has.
  const [initial] = useState(() => new Set((values.packageIds ?? '').split(',').filter(Boolean)));
  const [selected, setSelected] = useState<string[]>(() => [...initial]);
  const form = useRef<HTMLFormElement>(null);
  const readSelection = useCallback(() => {
    if (form.current) setSelected(new FormData(form.current).getAll('packageIds').map(String));
  }, []);
  useEffect(readSelection, [readSelection]);
  const chosen = packages.filter((pkg) => selected.includes(String(pkg.id)));
  const figures = estimate(
    chosen.map((pkg) => ({ weightLb: pkg.weightLb, lengthCm: pkg.lengthCm, widthCm: pkg.widthCm, heightCm: pkg.heightCm, declaredValueCents: pkg.declaredValueCents })),
    ratePerLbCents,
  );
  const packagesError = fieldError('packageIds');
  return (
    <>
      <PageHeader
        title={t('page.consolidationNew')}
        description={t('consolidation.newText')}
        actions={
          <Button component={Link} to={localizePath('/consolidate', locale)} variant="default">
            {t('list.back')}
          </Button>
        }
      />
      <FormAlert error={formError} />
      {packages.length === 0 ? (
        <Paper withBorder p="lg" radius="md" data-testid="no-packages">
          <Text c="dimmed">{t('consolidation.noPackages')}</Text>
          <Anchor component={Link} to={localizePath('/alert', locale)} mt="sm" display="inline-block">
            {t('page.alerts')}
          </Anchor>
        </Paper>
      ) : (
        <Form method="post" noValidate ref={form} onChange={readSelection}>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md">
                <Paper withBorder p="lg" radius="md">
                  <Title order={2} fz="md">
                    {t('consolidation.choosePackages')}
                  </Title>
                  <Text fz="sm" c="dimmed" mb="sm">
                    {t('consolidation.choosePackagesText')}
                  </Text>
                  {packagesError ? (
                    <Alert color="red" variant="light" role="alert" mb="sm" data-testid="packages-error">
                      {packagesError}
                    </Alert>
                  ) : null}
                  {/* A region that scrolls sideways must be reachable by keyboard and named (WCAG 2.1.1). */}
                  <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('consolidation.choosePackages')}>
                    <Table striped highlightOnHover verticalSpacing="xs" miw={600}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th w={40}>
                            <VisuallyHidden>{t('consolidation.select')}</VisuallyHidden>
                          </Table.Th>
                          <PackageHeads />
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {packages.map((pkg) => {
                          const id = String(pkg.id);
                          return (
                            <Table.Tr key={pkg.id}>
                              <Table.Td>
                                <Checkbox
                                  name="packageIds"
                                  value={id}
                                  defaultChecked={initial.has(id)}
                                  aria-label={`${t('consolidation.select')} ${pkg.trackingNumber}`}
                                />
                              </Table.Td>
                              <PackageCells pkg={pkg} />
                            </Table.Tr>
                          );
                        })}
                      </Table.Tbody>
                    </Table>
                  </div>
                </Paper>
                <Paper withBorder p="lg" radius="md">
                  <Stack gap="md">
                    <Textarea
                      name="deliveryAddress"
                      label={t('consolidation.deliveryAddress')}
                      description={t('consolidation.deliveryAddressText')}
                      defaultValue={values.deliveryAddress ?? deliveryAddress}
                      error={fieldError('deliveryAddress')}
                      autosize
                      minRows={2}
                      maxLength={300}
                      required
                    />
                    <Textarea
                      name="notes"
                      label={t('consolidation.notes')}
                      placeholder={t('consolidation.notesPlaceholder')}
                      defaultValue={values.notes ?? ''}
                      error={fieldError('notes')}
                      autosize
                      minRows={2}
                      maxLength={1000}
                    />
                    <Group justify="flex-end">
                      <Button type="submit" loading={busy} data-testid="submit-consolidation">
                        {t('consolidation.submit')}
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <EstimatePanel figures={figures} count={chosen.length} ratePerLbCents={ratePerLbCents} />
            </Grid.Col>
          </Grid>
        </Form>
      )}
    </>
  );
}
