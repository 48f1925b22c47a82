import { Alert, Button, Group, Paper } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { Link, useActionData, useLocation } from 'react-router';
import type { FormResult } from '#app/lib/form-result.ts';
import type { BulkAction } from '#common/bulk.ts';
import { BulkBar, RecordActionButton, RowSwitch } from './bulk-actions.tsx';
import type { Column } from '#app/components/list/data-table.tsx';
import { ListScreen, statusFilter } from '#app/components/list/list-screen.tsx';
import { useRowSelection } from '#app/components/list/row-selection.ts';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { useT } from '#app/lib/use-t.ts';
import { recordState } from '#common/enums/catalog.ts';
import type { EnumDef } from '#common/enums/define-enum.ts';
import cell from '#app/components/list/cell.module.css';
import { RecordForm, type SaveQuestion } from '#app/components/form/record-form.tsx';
import type { ListQuery, Page } from '#common/list-query.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { type FormOptions, type Resource, resourceText } from '#common/resource.ts';
import type { MessageKey } from '#common/i18n/messages.ts';

// The screens every kit resource shares (decision 028): its list, its new form and its record
// with the delete confirmation. A resource brings only its columns and its fields.

export type ResourceRow = { id: number } & Record<string, unknown>;

/**
 * What only one resource's screens know, in a file of its own (`app/resources/<key>.tsx`), loaded
 * by that resource's screens only (decision 043). The members that take a row are methods: the
 * kit, which reads the rows of whichever resource the address names, sees them as any record's.
 */
export type ResourceScreens<Row extends ResourceRow = ResourceRow> = {
  resource: Resource;
  columns(t: ReturnType<typeof useT>, locale: 'es' | 'en'): Column<Row>[];
  /**
   * The fields of a row its list's columns read (`id` and the title field are always sent): the
   * list's loader sends only these into the page, so what the list does not show (a product's
   * description, keywords, ids of its references) is not written into every list page twice —
   * once as data for hydration — for nothing (decision 068). Without it, whole rows.
   */
  listFields?: readonly (keyof Row & string)[];
  /** The enum of the list's `status` filter, when it has one. */
  status?: EnumDef;
  /** More filters of the list, by their query name: `{ stock: { of: stockState, label: 'catalog.product.stockState.label' } }`. */
  filters?: Record<string, { of: EnumDef; label: MessageKey }>;
  /** Filters by another record (the resource's `list.refs`), their choices from the service's `formOptions`: `{ category: { label, options: 'categoryId' } }`. */
  refFilters?: Record<string, { label: MessageKey; options: string }>;
  /** The form's fields; the kit wraps them in the record form with its submit footer. */
  Fields(props: { options: FormOptions; record: Row | null }): React.ReactNode;
  /** What a new record starts with; from the address's query when it names more (`?productId=7`). */
  blank: Record<string, unknown> | ((search: URLSearchParams) => Record<string, unknown>);
  /** The form's values from a record, when they differ from it (cents stored, dollars typed). */
  toForm?(record: Row): Record<string, unknown>;
  /** More buttons beside "new" on the list (the products' CSV import). */
  ListActions?: () => React.ReactNode;
  /** Actions on the one record, in its screen's header (a review's approve and reject), each asking first. */
  recordActions?: BulkAction[];
  /** Above the form of a saved record: what its state is beyond its fields (a coupon that has expired). */
  Above?(props: { record: Row }): React.ReactNode;
  /** A question before a valid form is sent (a coupon whose date has passed), or null. */
  confirmSave?(data: Record<string, unknown>, t: ReturnType<typeof useT>, locale: 'es' | 'en'): SaveQuestion | null;
  /** More buttons in a saved record's header (a product's duplicate), each asking first. */
  RecordButtons?(props: { record: Row }): React.ReactNode;
  /** Below the form of a saved record: what belongs to it (a product's variants, from its service's `related`). */
  Below?(props: { record: Row; related: unknown }): React.ReactNode;
};

/**
 * A kit resource's form: its fields inside the record form, checked with its input schema (decision 027).
 * Here with the screens that show it: in a file of its own, it and this one imported each other.
 */
function ResourceForm({ screens, initial, submitLabel, options, record }: { screens: ResourceScreens; initial: Record<string, unknown>; submitLabel: string; options: FormOptions; record: ResourceRow | null }) {
  const { resource, Fields, confirmSave } = screens;
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <RecordForm schema={resource.input} initial={initial} submitLabel={submitLabel} confirmSave={confirmSave ? (data) => confirmSave(data, t, locale) : undefined}>
      <Fields options={options} record={record} />
    </RecordForm>
  );
}

function useResourcePaths(resource: Resource) {
  const locale = localeFromPath(useLocation().pathname);
  return { locale, list: localizePath(resource.path, locale), show: (id: number) => `${localizePath(`${resource.path}/show`, locale)}?id=${id}` };
}

/** The first column of a list: the record's name, linking to its screen. */
export function NameLink({ resource, row, children }: { resource: Resource; row: ResourceRow; children: React.ReactNode }) {
  const { show } = useResourcePaths(resource);
  return (
    <Link className={cell.link} to={show(row.id)}>
      {children}
    </Link>
  );
}

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  return <StatusBadge of={recordState} value={enabled ? 'enabled' : 'disabled'} />;
}

/** A record's name for labels and its screen's header: its resource's title field, else its number. */
export const recordTitle = (resource: Pick<Resource, 'titleField'>, row: ResourceRow) => String(row[resource.titleField] || `#${row.id}`);

/**
 * A yes/no column switched from the list's row (issue 11 §1): `enabled` by default, asking first,
 * then a toast. `label` names the column's value ("Activo", "Destacado").
 */
export function RowSwitchCell({ resource, row, field = 'enabled', label, on = 'enable', off = 'disable' }: { resource: Resource; row: ResourceRow; field?: string; label?: string; on?: BulkAction; off?: BulkAction }) {
  const t = useT();
  return <RowSwitch id={row.id} name={recordTitle(resource, row)} field={label ?? String(t('catalog.state.enabled'))} checked={Boolean(row[field])} on={on} off={off} />;
}

export function ResourceListScreen({ screens, query, page, options = {} }: { screens: ResourceScreens; query: ListQuery; page: Page<ResourceRow>; options?: FormOptions }) {
  const t = useT();
  const { resource } = screens;
  const { locale, list } = useResourcePaths(resource);
  const name = useCallback((row: ResourceRow) => recordTitle(resource, row), [resource]);
  const { selected, selection, clear } = useRowSelection(page.rows, name);
  const refused = useActionData<FormResult>()?.formError;
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t(resourceText(resource, 'title'))}
        actions={
          <Group gap="xs">
            {screens.ListActions ? <screens.ListActions /> : null}
            <Button component={Link} to={`${list}/new`} data-testid="new-record">
              {t(resourceText(resource, 'new'))}
            </Button>
          </Group>
        }
      />
      <ListScreen
        query={query}
        page={page}
        caption={t(resourceText(resource, 'title'))}
        columns={screens.columns(t, locale)}
        selection={selection}
        above={
          <>
            {refused ? (
              <Alert color="red" mb="sm" role="alert">
                {String(t(refused.key as never, refused.vars as never))}
              </Alert>
            ) : null}
            <BulkBar resource={resource} selected={selected} onClear={clear} />
          </>
        }
        filters={[
          ...(screens.status ? [statusFilter(t, screens.status, query.filters.status, t('catalog.state.label'))] : []),
          ...Object.entries(screens.filters ?? {}).map(([name, { of, label }]) => ({ ...statusFilter(t, of, query.filters[name], t(label)), name })),
          ...Object.entries(screens.refFilters ?? {}).map(([name, { label, options: from }]) => ({ name, label: String(t(label)), value: query.filters[name], options: options[from] ?? [] })),
        ]}
      />
    </>
  );
}

/**
 * What a delete takes with it, as counted phrases ("1 variante", "0 reseñas", "2 productos"): the
 * delete messages put these in, so the plural rules of the page's language choose the word.
 */
function countedCascade(t: TFunction, cascade: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(cascade).map(([kind, count]) => [kind, String(t(`bulk.cascade.${kind}` as 'bulk.cascade.variants', { count }))]));
}

export function ResourceRecordScreen({ screens, record, options, cascade = {}, related = null }: { screens: ResourceScreens; record: ResourceRow | null; options: FormOptions; cascade?: Record<string, number>; related?: unknown }) {
  const t = useT();
  const { resource } = screens;
  const { search } = useLocation();
  const blank = typeof screens.blank === 'function' ? screens.blank(new URLSearchParams(search)) : screens.blank;
  const { list } = useResourcePaths(resource);
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t(resourceText(resource, record ? 'edit' : 'new'))}
        description={record ? recordTitle(resource, record) : undefined}
        actions={
          <Group gap="xs">
            <Button component={Link} to={list} variant="default">
              {t('list.back')}
            </Button>
            {record ? screens.recordActions?.map((action) => <RecordActionButton key={action} id={record.id} action={action} />) : null}
            {record && screens.RecordButtons ? <screens.RecordButtons record={record} /> : null}
            {record ? <ConfirmButton intent="delete" label={t('list.delete')} title={t(resourceText(resource, 'deleteTitle'))} message={String(t(resourceText(resource, 'deleteMessage'), countedCascade(t, cascade) as never))} /> : null}
          </Group>
        }
      />
      {record && screens.Above ? <screens.Above record={record} /> : null}
      <Paper withBorder p="lg" radius="md" maw={760}>
        <ResourceForm screens={screens} initial={record ? (screens.toForm?.(record) ?? record) : blank} submitLabel={t(record ? 'list.save' : 'list.create')} options={options} record={record} />
      </Paper>
      {record && screens.Below ? <screens.Below record={record} related={related} /> : null}
    </>
  );
}
