import { Anchor, Box, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { Form, Link, useLocation } from 'react-router';
import { DateField } from '#app/components/form/date-field.tsx';
import { FilterFields } from '#app/components/form/filter-fields.tsx';
import { type Column, DataTable } from '#app/components/list/data-table.tsx';
import { ListPagination } from '#app/components/list/list-pagination.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { ACTIVITY_GROUPS, ActivityFilterFormSchema, typesOfGroup } from '#common/activity.ts';
import { changeTexts, recordKindText, recordPath, whatText, whoText } from '#common/activity-text.ts';
import { formatDate } from '#common/dates.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import classes from '../sales/order-list.module.css';
import type { Route } from './+types/activity';
import { activityLoader } from './activity.server.ts';

// The store's activity log (issue 38 §4): who did what and when, the record with its link while it
// exists, and each changed field's before → after; filtered from the address (a GET form, working
// without JavaScript), paged, and exported as CSV with the same filters.

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'activity.title');
export const loader = (args: Route.LoaderArgs) => activityLoader(args);

type Row = Route.ComponentProps['loaderData']['page']['rows'][number];

/** Changed fields a row shows before "and 3 more changes" (a settings form may change a dozen; the CSV has them all). */
const SHOWN_CHANGES = 5;

export default function Activity({ loaderData: { typed, errors, page, people, exportQuery } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const columns: Column<Row>[] = [
    { key: 'when', label: t('activity.when'), card: 'fact', render: (row) => <time dateTime={row.createdAt}>{formatDate(row.createdAt, locale, true)}</time> },
    { key: 'who', label: t('activity.who'), card: 'fact', render: (row) => whoText(row.actor, t) },
    { key: 'what', label: t('activity.what'), card: 'title', render: (row) => <Text fz="sm" fw={600} span>{whatText(row, t)}</Text> },
    {
      key: 'record',
      label: t('activity.record'),
      card: 'fact',
      render: (row) => {
        const path = recordPath(row.resource, locale);
        const kind = recordKindText(row.resource.kind, t);
        if (path) return <Anchor component={Link} to={path} fz="sm">{`${kind}: ${row.resource.label}`}</Anchor>;
        const gone = row.resource.id !== null && !row.resource.exists;
        return `${kind}: ${row.resource.label}${gone ? ` (${t('activity.gone')})` : ''}`;
      },
    },
    {
      key: 'changes',
      label: t('activity.changes'),
      card: 'fact',
      render: (row) => {
        const lines = changeTexts(row, t, locale, SHOWN_CHANGES);
        if (lines.length === 0) return t('activity.none');
        return (
          <Stack gap={2}>
            {lines.map((line) => (
              <Text key={line} fz="sm" span display="block">
                {line}
              </Text>
            ))}
          </Stack>
        );
      },
    },
  ];
  const kinds = [
    { value: '', label: t('activity.allKinds') },
    ...ACTIVITY_GROUPS.map((group) => {
      const name = String(t(`activity.groups.${group}`));
      return {
        group: name,
        items: [{ value: group, label: String(t('activity.allOfGroup', { group: name })) }, ...typesOfGroup(group).map((type) => ({ value: type, label: kindLabel(t, type) }))],
      };
    }),
  ];
  const persons = [
    { value: '', label: t('activity.allPeople') },
    ...people.map((person) => ({ value: String(person.userId), label: person.staff ? String(t('activity.people.staffTag', { name: person.name })) : person.name })),
    { value: 'shopper', label: t('activity.people.shopper') },
    { value: 'system', label: t('activity.people.system') },
  ];
  const exportHref = `${localizePath('/store/activity/export', locale)}${exportQuery ? `?${exportQuery}` : ''}`;
  return (
    <>
      <PageHeader
        title={t('activity.title')}
        description={t('activity.intro')}
        actions={
          <Button component="a" href={exportHref} download variant="light" data-testid="activity-export">
            {t('activity.exportCsv')}
          </Button>
        }
      />
      <Form method="get" role="search" aria-label={t('activity.filter')}>
        <Group align="flex-start" gap="sm" mb="md" wrap="wrap">
          <NativeSelect name="who" label={t('activity.person')} defaultValue={typed.who} data={persons} w={220} />
          <NativeSelect name="kind" label={t('activity.kind')} defaultValue={typed.kind} data={kinds} w={260} />
          <FilterFields schema={ActivityFilterFormSchema} locale={locale} values={typed} errors={errors}>
            <Box w={190}>
              <DateField name="from" label="activity.from" />
            </Box>
            <Box w={190}>
              <DateField name="to" label="activity.to" />
            </Box>
          </FilterFields>
          <Group gap="sm" className={classes.buttons}>
            <Button type="submit" variant="light">
              {t('activity.apply')}
            </Button>
            <Button component={Link} to={localizePath('/store/activity', locale)} variant="subtle">
              {t('activity.clear')}
            </Button>
          </Group>
        </Group>
      </Form>
      <DataTable caption={t('activity.title')} rows={page.rows} rowKey={(row) => row.id} rowTestId={(row) => `activity-${row.id}`} sort="" dir="desc" columns={columns} />
      <ListPagination page={page.page} pages={page.pages} total={page.total} capped={page.capped} />
    </>
  );
}

/** An event kind in the filter ("Pedido pagado"); a kind without its label yet shows its type. */
function kindLabel(t: ReturnType<typeof useT>, type: string): string {
  return String(t(`activity.kinds.${type}` as MessageKey, { defaultValue: type }));
}
