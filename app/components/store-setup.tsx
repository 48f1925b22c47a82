import { Anchor, Badge, Box, Group, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { DataTable, type Column } from '#app/components/list/data-table.tsx';
import { useT } from '#app/lib/use-t.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { LOW_STOCK_THRESHOLD, SETUP_STEP_PATHS, SETUP_STEPS, type StoreSetup } from '#common/store-setup.ts';

/** A low product; with variants, the low ones (its `stock` the lowest of theirs). */
type LowStockRow = { id: number; name: string; stock: number; variants: { name: string; stock: number }[] };
export type StoreSetupView = { steps: StoreSetup | null; lowStock: { rows: LowStockRow[]; total: number } };

/**
 * The store owner's part of the desk (issue 20 §23): the set-up checklist while a step is left,
 * and beside it the products running out. Each step is a card of its own, so a phone shows the
 * same cards one under the other; the low-stock list is the list pattern's table, cards on a phone.
 */
export function StoreSetupPanel({ setup }: { setup: StoreSetupView }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: setup.steps ? 2 : 1 }} mt="md" data-testid="store-setup-panel">
      {setup.steps ? <SetupChecklist steps={setup.steps} /> : null}
      <LowStock lowStock={setup.lowStock} />
    </SimpleGrid>
  );
}

function SetupChecklist({ steps }: { steps: StoreSetup }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const done = SETUP_STEPS.filter((step) => steps[step]).length;
  const progress = t('desk.storeSetup.progress', { done, total: SETUP_STEPS.length });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="store-setup-title" data-testid="store-setup">
      <Group justify="space-between" mb={4} wrap="wrap">
        <Title order={2} fz="lg" id="store-setup-title">
          {t('desk.storeSetup.title')}
        </Title>
        <Text fz="sm" c="dimmed" data-testid="store-setup-progress">
          {progress}
        </Text>
      </Group>
      <Progress value={(done / SETUP_STEPS.length) * 100} size="sm" radius="xl" mb="sm" aria-label={progress} />
      <Text fz="sm" mb="md">
        {t('desk.storeSetup.intro')}
      </Text>
      <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {SETUP_STEPS.map((step, index) => {
          const complete = steps[step];
          return (
            <Paper component="li" key={step} withBorder radius="md" p="sm" data-testid={`store-step-${step}`} data-done={complete ? 'true' : 'false'}>
              <Group gap="sm" align="flex-start" wrap="nowrap">
                <ThemeIcon radius="xl" size={28} color={complete ? 'brand.8' : 'gray.2'} c={complete ? 'white' : 'gray.9'} aria-hidden="true" style={{ flexShrink: 0 }}>
                  {complete ? '✓' : index + 1}
                </ThemeIcon>
                <Box miw={0}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600}>{t(`desk.storeSetup.${step}.title`)}</Text>
                    {/* outline: dark text on white, readable at AA whatever the theme's light shades */}
                    <Badge size="sm" variant="outline" color={complete ? 'green.9' : 'gray.7'}>
                      {complete ? t('desk.storeSetup.done') : t('desk.storeSetup.todo')}
                    </Badge>
                  </Group>
                  <Text fz="sm">{t(`desk.storeSetup.${step}.text`)}</Text>
                  <Anchor component={Link} to={localizePath(SETUP_STEP_PATHS[step], locale)} fz="sm">
                    {t(`desk.storeSetup.${step}.link`)}
                  </Anchor>
                </Box>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Paper>
  );
}

function LowStock({ lowStock }: { lowStock: StoreSetupView['lowStock'] }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  // A number: the translator writes it in the page's locale.
  const threshold = LOW_STOCK_THRESHOLD;
  const columns: Column<LowStockRow>[] = [
    {
      key: 'name',
      label: t('desk.lowStock.product'),
      render: (row) => (
        <>
          <Anchor component={Link} to={`${localizePath('/catalog/product/show', locale)}?id=${row.id}`} style={{ overflowWrap: 'anywhere' }}>
            {row.name}
          </Anchor>
          {row.variants.length > 0 ? (
            <Text fz="xs" c="dimmed" data-testid={`low-stock-variants-${row.id}`}>
              {row.variants.map((variant) => t('desk.lowStock.variant', { name: variant.name, count: variant.stock })).join(' · ')}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'stock', label: t('desk.lowStock.stock'), align: 'right', render: (row) => t('desk.lowStock.units', { count: row.stock }) },
  ];
  return (
    // As tall as its own content beside the longer checklist, not stretched to it.
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="low-stock-title" data-testid="low-stock" style={{ alignSelf: 'start' }}>
      <Group justify="space-between" mb={4} wrap="wrap">
        <Title order={2} fz="lg" id="low-stock-title">
          {t('desk.lowStock.title')}
        </Title>
        {lowStock.total > 0 ? (
          <Badge variant="outline" color="red.9" data-testid="low-stock-count">
            {t('desk.lowStock.count', { count: lowStock.total })}
          </Badge>
        ) : null}
      </Group>
      {lowStock.total === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('desk.lowStock.none', { threshold })}
        </Text>
      ) : (
        <Stack gap="sm">
          <Text fz="sm">{t('desk.lowStock.intro', { threshold })}</Text>
          <DataTable columns={columns} rows={lowStock.rows} rowKey={(row) => row.id} rowTestId={(row) => `low-stock-${row.id}`} sort="" dir="asc" caption={t('desk.lowStock.caption')} />
          <Anchor component={Link} to={`${localizePath('/catalog/product', locale)}?status=enabled&sort=stock&dir=asc`} fz="sm" data-testid="low-stock-all">
            {t('desk.lowStock.seeAll')}
          </Anchor>
        </Stack>
      )}
    </Paper>
  );
}
