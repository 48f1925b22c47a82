import { Anchor, Button, Grid, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { Form, Link, useLocation } from 'react-router';
import { DetailField } from '#app/components/detail-field.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { type Column, DataTable } from '#app/components/list/data-table.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { identificationType } from '#common/enums/identification.ts';
import { orderStatus } from '#common/enums/sales-order.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { FINAL_CONSUMER } from '#common/identification.ts';
import { formatMoney } from '#common/money.ts';
import { CustomerInputSchema } from '#common/schemas/sales-customer.ts';
import type { Route } from './+types/customer-show';
import { customerShowAction, customerShowLoader } from './customer.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'customer.showTitle');
export const loader = (args: Route.LoaderArgs) => customerShowLoader(args);
export const action = (args: Route.ActionArgs) => customerShowAction(args);

type Data = Route.ComponentProps['loaderData'];
type OrderRow = Data['orders'][number];
type Field = 'name' | 'email' | 'phone' | 'address' | 'city' | 'province';

export default function CustomerShow({ loaderData: { customer, orders, orderCount, totalCents } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { result, formError, fieldError, formProps } = useFormResult(CustomerInputSchema);
  // What was typed wins over what is stored: a refused form keeps it.
  const values: Record<string, string> = { name: customer.name, email: customer.email, phone: customer.phone, documentType: customer.documentType, documentNumber: customer.documentNumber, address: customer.address, city: customer.city, province: customer.province, ...result?.values };
  const text = (field: Field, autoComplete: string, type = 'text', required = false) => (
    <TextInput name={field} type={type} label={t(`customer.${field}`)} defaultValue={values[field]} error={fieldError(field)} autoComplete={autoComplete} required={required} />
  );
  const orderColumns: Column<OrderRow>[] = [
    {
      key: 'number',
      label: t('order.numberColumn'),
      render: (row) => (
        <Anchor component={Link} to={`${localizePath('/sales/order/show', locale)}?id=${row.id}`} fw={600}>
          {`#${row.number}`}
        </Anchor>
      ),
    },
    { key: 'date', label: t('order.date'), render: (row) => formatDate(row.createdAt, locale) },
    { key: 'total', label: t('order.total'), align: 'right', render: (row) => formatMoney(row.totalCents, locale) },
    { key: 'status', label: t('order.statusLabel'), render: (row) => <StatusBadge of={orderStatus} value={row.status} /> },
  ];
  return (
    <>
      <RecordToast />
      <PageHeader
        title={customer.name}
        description={t('customer.showTitle')}
        actions={
          <Button component={Link} to={localizePath('/sales/customer', locale)} variant="default">
            {t('list.back')}
          </Button>
        }
      />
      <Grid gap="md" mt="md">
        {/* Half the width from md up: at 5/12 "Número de documento" wrapped and dropped its input below the type's (seen at 1280 px). */}
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="md">
              {t('customer.edit')}
            </Title>
            <FormAlert error={formError} />
            <Form method="post" noValidate {...formProps}>
              <Stack gap="sm">
                {text('name', 'name', 'text', true)}
                {text('email', 'email', 'email', true)}
                {text('phone', 'tel', 'tel', true)}
                <SimpleGrid cols={{ base: 1, xs: 2 }}>
                  <NativeSelect
                    name="documentType"
                    label={t('customer.documentType')}
                    defaultValue={values.documentType}
                    error={fieldError('documentType')}
                    data={identificationType.values.map((value) => ({ value, label: t(identificationType.label(value)) }))}
                    required
                  />
                  {/* Not marked required: a consumidor final's may be left empty (SRI's 9999999999999). */}
                  <TextInput
                    name="documentNumber"
                    label={t('customer.documentNumber')}
                    description={t('customer.documentNumberHint', { number: FINAL_CONSUMER.number, limit: formatMoney(FINAL_CONSUMER.maxTotalCents, locale) })}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    defaultValue={values.documentNumber}
                    error={fieldError('documentNumber')}
                    autoComplete="off"
                  />
                </SimpleGrid>
                {text('address', 'street-address', 'text', true)}
                <SimpleGrid cols={{ base: 1, xs: 2 }}>
                  {text('city', 'address-level2', 'text', true)}
                  {text('province', 'address-level1', 'text', true)}
                </SimpleGrid>
                <Group justify="flex-end">
                  <Button type="submit" data-testid="save-customer">
                    {t('customer.save')}
                  </Button>
                </Group>
              </Stack>
            </Form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          {/* Figures on one line whatever their labels' length ("Total comprado (sin cancelados)" takes two). */}
          <SimpleGrid cols={{ base: 1, xs: 3 }} mb="md" style={{ alignItems: 'end' }}>
            <DetailField label={t('customer.orders')}>{t('customer.orderCount', { count: orderCount })}</DetailField>
            <DetailField label={t('customer.totalSpent')}>
              <span data-testid="customer-total">{formatMoney(totalCents, locale)}</span>
            </DetailField>
            <DetailField label={t('customer.since')}>{formatDate(customer.createdAt, locale)}</DetailField>
          </SimpleGrid>
          <Title order={2} size="h4" mb="sm">
            {t('customer.orders')}
          </Title>
          <DataTable caption={t('customer.orders')} rows={orders} rowKey={(row) => row.id} columns={orderColumns} sort="" dir="desc" />
          {orderCount > orders.length ? (
            <Anchor component={Link} to={`${localizePath('/sales/order', locale)}?customer=${customer.id}`} fz="sm">
              {t('customer.seeOrders')}
            </Anchor>
          ) : null}
        </Grid.Col>
      </Grid>
    </>
  );
}
