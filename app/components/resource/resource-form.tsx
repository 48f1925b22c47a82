import { useLocation } from 'react-router';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { useT } from '#app/lib/use-t.ts';
import { localeFromPath } from '#common/locale.ts';
import type { FormOptions } from '#common/resource.ts';
import type { ResourceRow, ResourceScreens } from './resource-screens.tsx';

/** A kit resource's form: its fields inside the record form, checked with its input schema (decision 027). */
export function ResourceForm({ screens, initial, submitLabel, options, record }: { screens: ResourceScreens; initial: Record<string, unknown>; submitLabel: string; options: FormOptions; record: ResourceRow | null }) {
  const { resource, Fields, confirmSave } = screens;
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <RecordForm schema={resource.input} initial={initial} submitLabel={submitLabel} confirmSave={confirmSave ? (data) => confirmSave(data, t, locale) : undefined}>
      <Fields options={options} record={record} />
    </RecordForm>
  );
}
