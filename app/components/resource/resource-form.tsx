import { RecordForm } from '#app/components/form/record-form.tsx';
import type { FormOptions } from '#common/resource.ts';
import type { ResourceRow, ResourceScreens } from './resource-screens.tsx';

/** A kit resource's form: its fields inside the record form, checked with its input schema (decision 027). */
export function ResourceForm({ screens, initial, submitLabel, options, record }: { screens: ResourceScreens; initial: Record<string, unknown>; submitLabel: string; options: FormOptions; record: ResourceRow | null }) {
  const { resource, Fields } = screens;
  return (
    <RecordForm schema={resource.input} initial={initial} submitLabel={submitLabel}>
      <Fields options={options} record={record} />
    </RecordForm>
  );
}
