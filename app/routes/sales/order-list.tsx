import { Anchor, Box, Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { Form, Link, useLocation } from 'react-router';
import { DateField } from '#app/components/form/date-field.tsx';
import { NumberField } from '#app/components/form/fields.tsx';
import { FilterFields } from '#app/components/form/filter-fields.tsx';
import { DataTable, type Column } from '#app/components/list/data-table.tsx';
import { useRowSelection } from '#app/components/list/row-selection.ts';
import { ListPagination } from '#app/components/list/list-pagination.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { paymentMethod, paymentState } from '#common/enums/payment.ts';
import { orderStatus } from '#common/enums/sales-order.ts';
import { OrderFilterFormSchema } from '#common/schemas/sales-order.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import type { Route } from './+types/order-list';
import classes from './order-list.module.css';
import { OrderExportLink } from './order-export-link.tsx';
import { orderListAction, orderListLoader } from './order.server.ts';
import { OrderBulkBar, OrderBulkResult } from './order-bulk-bar.tsx';
import { PartlyShippedBadge } from './shipment-section.tsx';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'nav.orders');
export const loader = (args: Route.LoaderArgs) => orderListLoader(args);
export const action = (args: Route.ActionArgs) => orderListAction(args);

type Row = Route.ComponentProps['loaderData']['page']['rows'][number];

/** A row's name for its checkbox's label: "Seleccionar #12". */
const orderName = (row: Row) => `#${row.number}`;

export default function OrderList({ loaderData: { query, typed, errors, page } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  // The bulk actions' selection (issue 40 §3): a labelled box per row and one for the page.
  const { selected, selection, clear } = useRowSelection(page.rows, orderName);
  const columns: Column<Row>[] = [
    {
      key: 'number',
      label: t('order.numberColumn'),
      render: (row) => (
        <Anchor component={Link} to={`${localizePath('/sales/order/show', locale)}?id=${row.id}`} fw={600}>
          {`#${row.number}`}
        </Anchor>
      ),
    },
    { key: 'customer', label: t('order.customer'), render: (row) => row.name },
    { key: 'date', label: t('order.date'), render: (row) => formatDate(row.createdAt, locale, true) },
    { key: 'total', label: t('order.total'), align: 'right', render: (row) => formatMoney(row.totalCents, locale) },
    {
      key: 'status',
      label: t('order.statusLabel'),
      render: (row) => (
        <>
          <StatusBadge of={orderStatus} value={row.status} />
          {row.partlyShipped ? <PartlyShippedBadge /> : null}
        </>
      ),
    },
    // Where its money stands (issue 39 §9): a line of its own on a phone's card.
    { key: 'payment', label: t('payment.list.column'), render: (row) => (paymentState.is(row.paymentState) ? <StatusBadge of={paymentState} value={row.paymentState} /> : row.paymentState) },
  ];
  return (
    <>
      <PageHeader title={t('nav.orders')} description={t('order.listText')} actions={<OrderExportLink />} />
      {/* A GET form: the filters live in the address, shareable and working without JavaScript. */}
      <Form method="get" role="search" aria-label={t('order.filter')}>
        {/* Fields aligned by their tops: a field showing its error below stays level with the others
            (by their bottoms it rose by the error's height); the buttons sit a label lower, beside the inputs. */}
        <Group align="flex-start" gap="sm" mb="md" wrap="wrap">
          <TextInput name="q" type="search" defaultValue={query.q} label={t('list.search')} placeholder={t('order.searchPlaceholder')} style={{ flex: 1, minWidth: 200 }} />
          <NativeSelect
            name="status"
            label={t('order.statusLabel')}
            defaultValue={query.filters.status ?? ''}
            data={[{ value: '', label: t('order.allStatuses') }, ...orderStatus.values.map((value) => ({ value, label: t(orderStatus.label(value)) }))]}
          />
          <NativeSelect
            name="paymentMethod"
            label={t('payment.methodLabel')}
            defaultValue={query.filters.paymentMethod ?? ''}
            data={[{ value: '', label: t('payment.list.allMethods') }, ...paymentMethod.values.map((value) => ({ value, label: t(paymentMethod.label(value)) }))]}
          />
          <NativeSelect
            name="paymentState"
            label={t('payment.stateLabel')}
            defaultValue={query.filters.paymentState ?? ''}
            data={[{ value: '', label: t('payment.list.allStates') }, ...paymentState.values.map((value) => ({ value, label: t(paymentState.label(value)) }))]}
          />
          {/* The kit's fields, typed the page's way (es dd/mm/aaaa, "10,50"); the loader judges them. */}
          <FilterFields schema={OrderFilterFormSchema} locale={locale} values={typed} errors={errors}>
            <Box w={190}>
              <DateField name="from" label="order.from" />
            </Box>
            <Box w={190}>
              <DateField name="to" label="order.to" />
            </Box>
            <NumberField name="min" label="order.min" w={130} />
            <NumberField name="max" label="order.max" w={130} />
          </FilterFields>
          {query.customerId ? <input type="hidden" name="customer" value={query.customerId} /> : null}
          <Group gap="sm" className={classes.buttons}>
            <Button type="submit" variant="light">
              {t('list.apply')}
            </Button>
            <Button component={Link} to={localizePath('/sales/order', locale)} variant="subtle">
              {t('order.clear')}
            </Button>
          </Group>
        </Group>
      </Form>
      <OrderBulkResult />
      <OrderBulkBar selected={page.rows.filter((row) => selected.includes(row.id))} onClear={clear} />
      <DataTable caption={t('nav.orders')} rows={page.rows} rowKey={(row) => row.id} rowTestId={(row) => `order-${row.number}`} sort={query.sort} dir={query.dir} columns={columns} selection={selection} />
      <ListPagination page={page.page} pages={page.pages} total={page.total} capped={page.capped} next={page.next} />
    </>
  );
}
