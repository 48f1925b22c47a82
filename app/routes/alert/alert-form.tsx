import { SimpleGrid } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { DateField } from '#app/components/form/date-field.tsx';
import { CustomField, NumberField, SelectField, TextareaField, TextField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { UploadField } from '#app/components/upload-field.tsx';
import { useCarrierOptions } from '#app/lib/carrier.ts';
import { AlertInputSchema } from '#common/schemas/casillero.ts';

export type AlertFormValues = {
  trackingNumber: string;
  carrier: string;
  store: string;
  content: string;
  /** Dollars as stored (a number, written the page's way) or as the user typed them. */
  declaredValue: number | string;
  expectedDate: string;
  invoice?: { id: string; name: string; size: number } | null;
};

/** The one alert form: the create dialog on /alert and the edit dialog on /alert/show. */
export function AlertForm({ initial, submitLabel, intent }: { initial?: Partial<AlertFormValues>; submitLabel: string; intent: 'create' | 'update' }) {
  const t = useT();
  const carriers = useCarrierOptions();
  return (
    <RecordForm schema={AlertInputSchema} intent={intent} submitLabel={submitLabel} initial={initial}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField name="trackingNumber" label="casillero.alert.trackingNumber" autoComplete="off" />
        <SelectField name="carrier" label="casillero.alert.carrier" data={carriers} />
        <TextField name="store" label="casillero.alert.store" placeholder="Amazon, eBay, Walmart…" />
        <NumberField name="declaredValue" label="casillero.alert.declaredValue" leftSection="$" />
      </SimpleGrid>
      <TextareaField name="content" label="casillero.alert.content" autosize minRows={2} />
      <DateField name="expectedDate" label="casillero.alert.expectedDate" />
      <CustomField name="invoiceUpload">
        {(field) => <UploadField name={field.name} purpose="invoice" label={t('casillero.alert.invoice')} initial={initial?.invoice ?? null} error={field.error} required={field.required} onChange={field.recheck} />}
      </CustomField>
    </RecordForm>
  );
}
