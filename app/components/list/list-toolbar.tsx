import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Form } from 'react-router';

export type Filter = { name: string; label: string; value: string | undefined; options: { value: string; label: string }[] };

/** Search and filters as a GET form: works without JavaScript, and the URL can be shared. */
export function ListToolbar({ q, filters = [], sort, dir, actions }: { q: string; filters?: Filter[]; sort: string; dir: string; actions?: React.ReactNode }) {
  const t = useT();
  return (
    <Group justify="space-between" align="flex-end" mb="md" gap="sm">
      <Form method="get" role="search" style={{ flex: 1, minWidth: 260 }}>
        <Group align="flex-end" gap="sm">
          <TextInput name="q" type="search" defaultValue={q} label={t('list.search')} placeholder={t('list.searchPlaceholder')} style={{ flex: 1, minWidth: 180 }} />
          {filters.map((filter) => (
            <NativeSelect
              key={filter.name}
              name={filter.name}
              label={filter.label}
              defaultValue={filter.value ?? ''}
              data={[{ value: '', label: t('list.all') }, ...filter.options]}
            />
          ))}
          <input type="hidden" name="sort" value={sort} />
          <input type="hidden" name="dir" value={dir} />
          <Button type="submit" variant="light">
            {t('list.apply')}
          </Button>
        </Group>
      </Form>
      {actions}
    </Group>
  );
}
