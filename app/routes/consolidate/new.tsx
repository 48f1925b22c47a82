import { Alert, Anchor, Badge, Button, Checkbox, Divider, Grid, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '#app/lib/use-t.ts';
import { Form, Link, useLocation } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { type Estimate, estimate } from '#common/consolidation-estimate.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import { formatWeight } from '#common/weight.ts';
import { CHOICE_PAGE_SIZE, ConsolidationInputSchema, MIN_PACKAGES } from '#common/schemas/consolidation.ts';
import type { Route } from './+types/new';
import { consolidationNewAction, consolidationNewLoader } from './consolidate.server.ts';
import { DataTable } from '#app/components/list/data-table.tsx';
import { usePackageColumns } from './consolidation-details.tsx';

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

type Facts = Route.ComponentProps['loaderData']['packages'][number];

/** This screen's URL with the search, page and chosen packages: paging and searching keep the choice. */
function choiceHref(pathname: string, { q, page, chosen }: { q: string; page: number; chosen: string[] }) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  if (chosen.length) params.set('chosen', chosen.join(','));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * The packages to tick, on this page or chosen on other pages: a DataTable, so that on a phone each
 * is a card with its box and tracking on top and its weight, measures and value below, instead of
 * a table whose figures scroll off the side (issue 9 §13).
 */
function ChoiceTable({ caption, rows, checked }: { caption: string; rows: Facts[]; checked: (id: string) => boolean }) {
  const t = useT();
  const columns = usePackageColumns<Facts>((pkg) => (
    <Checkbox
      name="packageIds"
      value={String(pkg.id)}
      defaultChecked={checked(String(pkg.id))}
      label={pkg.trackingNumber}
      aria-label={`${t('consolidation.select')} ${pkg.trackingNumber}`}
      fw={600}
    />
  ));
  return <DataTable caption={caption} rows={rows} rowKey={(pkg) => pkg.id} rowTestId={() => 'choice-row'} columns={columns} sort="" dir="desc" />;
}

/** A fresh screen per page or search (its boxes start from the URL's choice); a refused post keeps its boxes. */
export default function ConsolidationNew(props: Route.ComponentProps) {
  return <ConsolidationChoice key={useLocation().search} {...props} />;
}

function ConsolidationChoice({ loaderData: { query, packages, total, page, pages, chosen: chosenElsewhere, deliveryAddress, ratePerLbCents } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  // Checked with the action's schema: an error goes as soon as its field is corrected (decision 027).
  const { result, fieldError, formError, formProps } = useFormResult(ConsolidationInputSchema);
  const busy = useSending();
  const values = result?.values ?? {};
  // The ticked boxes themselves are the selection (uncontrolled): the echo ticks them again when the
  // form comes back, and boxes ticked before the page hydrated still count once it has. They start
  // from what the form sent last (its echo), else from what the URL carried from other pages.
  const [initial] = useState(() => new Set(values.packageIds !== undefined ? values.packageIds.split(',').filter(Boolean) : query.chosen.map(String)));
  const [selected, setSelected] = useState<string[]>(() => [...initial]);
  const form = useRef<HTMLFormElement>(null);
  const readSelection = useCallback(() => {
    if (form.current) setSelected(new FormData(form.current).getAll('packageIds').map(String));
  }, []);
  useEffect(readSelection, [readSelection]);
  const pathname = useLocation().pathname;
  // The packages ticked on other pages stay as ticked boxes of their own, above this page's.
  const onThisPage = new Set(packages.map((pkg) => String(pkg.id)));
  const elsewhere = chosenElsewhere.filter((pkg) => !onThisPage.has(String(pkg.id)) && initial.has(String(pkg.id)));
  const known = [...packages, ...elsewhere];
  const chosen = known.filter((pkg) => selected.includes(String(pkg.id)));
  const href = (change: { q?: string; page?: number }) => choiceHref(pathname, { q: change.q ?? query.q, page: change.page ?? 1, chosen: selected });
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
      {total === 0 && !query.q && elsewhere.length === 0 ? (
        <Paper withBorder p="lg" radius="md" data-testid="no-packages">
          <Text c="dimmed">{t('consolidation.noPackages')}</Text>
          <Anchor component={Link} to={localizePath('/alert', locale)} mt="sm" display="inline-block">
            {t('page.alerts')}
          </Anchor>
        </Paper>
      ) : (
        <>
          {/* A GET search outside the POST form; it carries the choice along. */}
          <Form method="get" role="search" data-testid="choice-search">
            <input type="hidden" name="chosen" value={selected.join(',')} />
            <Group align="flex-end" gap="xs" mb="md" wrap="nowrap">
              <TextInput name="q" defaultValue={query.q} label={t('list.search')} placeholder={t('consolidation.searchPackages')} style={{ flex: 1 }} maxLength={100} />
              <Button type="submit" variant="default">
                {t('list.search')}
              </Button>
            </Group>
          </Form>
        <Form
          method="post"
          noValidate
          ref={form}
          {...formProps}
          onChange={(event) => {
            readSelection();
            formProps.onChange(event);
          }}
        >
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
                  {elsewhere.length ? (
                    <Stack gap="xs" mb="md" data-testid="chosen-elsewhere">
                      <Text fz="sm">{t('consolidation.chosenElsewhere', { count: elsewhere.length })}</Text>
                      <ChoiceTable caption={t('consolidation.chosenElsewhere', { count: elsewhere.length })} rows={elsewhere} checked={() => true} />
                    </Stack>
                  ) : null}
                  {packages.length ? (
                    <ChoiceTable caption={t('consolidation.choosePackages')} rows={packages} checked={(id) => initial.has(id)} />
                  ) : (
                    <Text c="dimmed" data-testid="no-matches">
                      {t('consolidation.noMatches')}
                    </Text>
                  )}
                  {pages > 1 ? (
                    <Group justify="space-between" mt="sm" data-testid="choice-pages">
                      <Text fz="sm" c="dimmed">
                        {t('consolidation.showing', { from: (page - 1) * CHOICE_PAGE_SIZE + 1, to: (page - 1) * CHOICE_PAGE_SIZE + packages.length, total })}
                      </Text>
                      <Group gap="xs">
                        {page > 1 ? (
                          <Button component={Link} to={href({ page: page - 1 })} variant="default" size="xs" preventScrollReset>
                            {t('consolidation.previous')}
                          </Button>
                        ) : null}
                        {page < pages ? (
                          <Button component={Link} to={href({ page: page + 1 })} variant="default" size="xs" preventScrollReset data-testid="choice-next">
                            {t('consolidation.next')}
                          </Button>
                        ) : null}
                      </Group>
                    </Group>
                  ) : null}
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
        </>
      )}
    </>
  );
}
