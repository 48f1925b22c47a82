import { Anchor, Button, Group, Paper } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { Column } from '#app/components/list/data-table.tsx';
import { ListScreen, statusFilter } from '#app/components/list/list-screen.tsx';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { useT } from '#app/lib/use-t.ts';
import { recordState } from '#common/enums/catalog.ts';
import type { EnumDef } from '#common/enums/define-enum.ts';
import { ResourceForm } from './resource-form.tsx';
import type { ListQuery, Page } from '#common/list-query.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { type Resource, resourceText } from '#common/resource.ts';

// The screens every kit resource shares (decision 028): its list, its new form and its record
// with the delete confirmation. A resource brings only its columns and its fields.

export type ResourceRow = { id: number } & Record<string, unknown>;

export type ResourceScreens<Row extends ResourceRow = ResourceRow> = {
  columns: (t: ReturnType<typeof useT>, locale: 'es' | 'en') => Column<Row>[];
  /** The enum of the list's `status` filter, when it has one. */
  status?: EnumDef;
  /** The form's fields; the kit wraps them in the record form with its submit footer. */
  Fields: () => React.ReactNode;
  /** What a new record starts with. */
  blank: Record<string, unknown>;
};

function useResourcePaths(resource: Resource) {
  const locale = localeFromPath(useLocation().pathname);
  return { locale, list: localizePath(resource.path, locale), show: (id: number) => `${localizePath(`${resource.path}/show`, locale)}?id=${id}` };
}

/** The first column of a list: the record's name, linking to its screen. */
export function NameLink({ resource, row, children }: { resource: Resource; row: ResourceRow; children: React.ReactNode }) {
  const { show } = useResourcePaths(resource);
  return (
    <Anchor component={Link} to={show(row.id)} fw={600}>
      {children}
    </Anchor>
  );
}

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  return <StatusBadge of={recordState} value={enabled ? 'enabled' : 'disabled'} />;
}

export function ResourceListScreen({ resource, screens, query, page }: { resource: Resource; screens: ResourceScreens; query: ListQuery; page: Page<ResourceRow> }) {
  const t = useT();
  const { locale, list } = useResourcePaths(resource);
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t(resourceText(resource, 'title'))}
        actions={
          <Button component={Link} to={`${list}/new`} data-testid="new-record">
            {t(resourceText(resource, 'new'))}
          </Button>
        }
      />
      <ListScreen query={query} page={page} caption={t(resourceText(resource, 'title'))} columns={screens.columns(t, locale)} filters={screens.status ? [statusFilter(t, screens.status, query.filters.status, t('catalog.state.label'))] : []} />
    </>
  );
}

export function ResourceRecordScreen({ resource, screens, record }: { resource: Resource; screens: ResourceScreens; record: ResourceRow | null }) {
  const t = useT();
  const { list } = useResourcePaths(resource);
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t(resourceText(resource, record ? 'edit' : 'new'))}
        description={record ? String(record.name ?? '') : undefined}
        actions={
          <Group gap="xs">
            <Button component={Link} to={list} variant="default">
              {t('list.back')}
            </Button>
            {record ? <ConfirmButton intent="delete" label={t('list.delete')} title={t(resourceText(resource, 'deleteTitle'))} message={t(resourceText(resource, 'deleteMessage'))} /> : null}
          </Group>
        }
      />
      <Paper withBorder p="lg" radius="md" maw={760}>
        <ResourceForm resource={resource} screens={screens} initial={record ?? screens.blank} submitLabel={t(record ? 'list.save' : 'list.create')} />
      </Paper>
    </>
  );
}
