import { Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { FormAlert } from '#app/components/form-alert.tsx';
import { UnsavedChangesDialog, useUnsavedChanges } from '#app/components/form/unsaved-changes.tsx';
import { DataTable } from '#app/components/list/data-table.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatLocaleMoney, moneyText } from '#common/locale-number.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { colorResource } from '#common/resources/color.ts';
import { productResource } from '#common/resources/product.ts';
import { sizeResource } from '#common/resources/taxonomy.ts';
import { DEFAULT_SKU_PATTERN, gridField } from '#common/resources/variant-grid.ts';
import type { Route } from './+types/product-variants';

export { action, loader } from './product-variants.server.ts';
export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'catalog.variantGrid.title');

type Row = Route.ComponentProps['loaderData']['rows'][number] & { index: number };

/** The colors or the sizes to combine: checkboxes of one name, their ids in the address. */
function ChoiceGroup({ name, label, choices, chosen, emptyPath }: { name: 'color' | 'size'; label: string; choices: { value: string; label: string }[]; chosen: number[]; emptyPath: string }) {
  const t = useT();
  return (
    <Checkbox.Group label={label} defaultValue={chosen.map(String)}>
      {choices.length === 0 ? (
        <Text fz="sm" mt={4}>
          {t('catalog.variantGrid.noChoices')}{' '}
          <Anchor component={Link} to={emptyPath}>
            {t(name === 'color' ? 'catalog.color.new' : 'catalog.size.new')}
          </Anchor>
        </Text>
      ) : (
        <Group gap="sm" mt={6}>
          {choices.map((choice) => (
            <Checkbox key={choice.value} name={name} value={choice.value} label={choice.label} />
          ))}
        </Group>
      )}
    </Checkbox.Group>
  );
}

export default function ProductVariants({ loaderData: { product, colors, sizes, rows, query } }: Route.ComponentProps) {
  const t = useT();
  const { pathname, search } = useLocation();
  const locale = localeFromPath(pathname);
  const { fieldError, formError, value } = useFormResult();
  const busy = useSending();
  const formRef = useRef<HTMLFormElement>(null);
  const leaving = useUnsavedChanges(formRef, { rows, search });
  const productPath = `${localizePath(`${productResource.path}/show`, locale)}?id=${product.id}`;
  // Money as the form kit's money fields show it: two decimals, on load and on leaving the cell.
  const price = formatLocaleMoney(product.priceCents / 100, locale);
  const offered: Row[] = rows.map((row, index) => ({ ...row, index })).filter((row) => !row.exists);
  const existing = rows.filter((row) => row.exists);
  const cell = (row: Row, field: 'name' | 'sku' | 'price' | 'stock', start: string, props: { inputMode?: 'decimal' | 'numeric' } = {}) => (
    <TextInput
      name={gridField(field, row.index)}
      aria-label={`${t(`catalog.variant.fields.${field}`)}: ${row.name}`}
      defaultValue={value(gridField(field, row.index)) ?? start}
      error={fieldError(gridField(field, row.index))}
      autoComplete="off"
      miw={field === 'sku' ? 220 : field === 'name' ? 150 : 90}
      onBlur={
        field === 'price'
          ? (event) => {
              event.currentTarget.value = moneyText(event.currentTarget.value, locale);
            }
          : undefined
      }
      {...props}
    />
  );
  return (
    <>
      <PageHeader
        title={t('catalog.variantGrid.title')}
        description={product.name}
        actions={
          <Button component={Link} to={productPath} variant="default">
            {t('catalog.variantGrid.back')}
          </Button>
        }
      />
      <Stack gap="lg" maw={960}>
        <Paper withBorder p="lg" radius="md">
          <Form method="get">
            <input type="hidden" name="id" value={product.id} />
            <Stack gap="md">
              <Title order={2} fz="h4">
                {t('catalog.variantGrid.choose')}
              </Title>
              <ChoiceGroup name="color" label={t('catalog.variantGrid.colors')} choices={colors} chosen={query.colorIds} emptyPath={localizePath(`${colorResource.path}/new`, locale)} />
              <ChoiceGroup name="size" label={t('catalog.variantGrid.sizes')} choices={sizes} chosen={query.sizeIds} emptyPath={localizePath(`${sizeResource.path}/new`, locale)} />
              <TextInput name="pattern" label={t('catalog.variantGrid.pattern')} description={t('catalog.variantGrid.patternHint')} defaultValue={query.pattern || DEFAULT_SKU_PATTERN} maw={360} autoComplete="off" />
              <Group>
                <Button type="submit" variant="light" data-testid="grid-combine">
                  {t('catalog.variantGrid.combine')}
                </Button>
              </Group>
            </Stack>
          </Form>
        </Paper>
        {rows.length > 0 ? (
          <Paper withBorder p="lg" radius="md">
            <Form method="post" ref={formRef} data-testid="variant-grid">
              {/* Which rows were offered, and each one's color and size: outside the layout, they take no room. */}
              {offered.map((row) => (
                <span key={row.index} hidden>
                  <input type="hidden" name="row" value={row.index} />
                  <input type="hidden" name={gridField('colorId', row.index)} value={row.colorId ?? ''} />
                  <input type="hidden" name={gridField('sizeId', row.index)} value={row.sizeId ?? ''} />
                </span>
              ))}
              <Stack gap="md">
                <Title order={2} fz="h4">
                  {t('catalog.variantGrid.rows')}
                </Title>
                <Text fz="sm" c="dimmed">
                  {t('catalog.variantGrid.rowsHint')}
                </Text>
                <FormAlert error={formError} />
                {offered.length > 0 ? (
                  <DataTable
                    caption={t('catalog.variantGrid.rows')}
                    rows={offered}
                    rowKey={(row) => row.index}
                    sort=""
                    dir="asc"
                    columns={[
                      { key: 'include', label: t('catalog.variantGrid.include'), render: (row) => <Checkbox name={gridField('include', row.index)} defaultChecked aria-label={`${t('catalog.variantGrid.include')}: ${row.name}`} /> },
                      { key: 'name', label: t('catalog.variant.fields.name'), render: (row) => cell(row, 'name', row.name) },
                      { key: 'sku', label: t('catalog.variant.fields.sku'), render: (row) => cell(row, 'sku', row.sku) },
                      { key: 'price', label: t('catalog.variant.fields.price'), render: (row) => cell(row, 'price', price, { inputMode: 'decimal' }) },
                      { key: 'stock', label: t('catalog.variant.fields.stock'), render: (row) => cell(row, 'stock', '0', { inputMode: 'numeric' }) },
                    ]}
                  />
                ) : null}
                {existing.length > 0 ? (
                  <Group gap="xs">
                    <Text fz="sm">{t('catalog.variantGrid.existing')}</Text>
                    {existing.map((row) => (
                      <Badge key={row.name} variant="light" color="gray" tt="none">
                        {row.name}
                      </Badge>
                    ))}
                  </Group>
                ) : null}
                {offered.length > 0 ? (
                  <Group justify="flex-end">
                    <Button type="submit" loading={busy} data-testid="grid-create">
                      {t('catalog.variantGrid.create')}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </Form>
          </Paper>
        ) : null}
      </Stack>
      <UnsavedChangesDialog blocker={leaving} />
    </>
  );
}
