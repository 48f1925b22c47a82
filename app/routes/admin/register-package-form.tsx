import { SimpleGrid } from '@mantine/core';
import { CustomField, NumberField, SelectField, TextareaField, TextField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { UploadField } from '#app/components/upload-field.tsx';
import { useCarrierOptions } from '#app/lib/carrier.ts';
import { useT } from '#app/lib/use-t.ts';
import { PackageInputSchema } from '#common/schemas/casillero.ts';

/**
 * Staff register a received package with the form kit: numbers are typed in the page's language
 * ("2,9" on a Spanish page), the browser checks with the action's own schema, and an error goes as
 * soon as its field is corrected (issue 9 §8, §10). Opened from the package list, or from a pending
 * alert with what the client alerted filled in (issue 40, defect 11), so the package is linked to it.
 */
export function RegisterPackageForm({ initial = { carrier: 'USPS' } }: { initial?: Record<string, unknown> }) {
  const t = useT();
  const carriers = useCarrierOptions();
  return (
    <RecordForm schema={PackageInputSchema} submitLabel={t('casillero.package.register')} initial={initial}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField name="lockerCode" label="casillero.package.lockerCode" placeholder="EC-10001" />
        <TextField name="trackingNumber" label="casillero.alert.trackingNumber" />
        <SelectField name="carrier" label="casillero.alert.carrier" data={carriers} />
        <TextField name="store" label="casillero.alert.store" />
      </SimpleGrid>
      <TextareaField name="description" label="casillero.package.description" autosize minRows={2} />
      {/* Bottom-aligned, and the value on a row of its own: among the four measures its long label wrapped and pushed its input down. */}
      <SimpleGrid cols={{ base: 2, sm: 4 }} style={{ alignItems: 'end' }}>
        <NumberField name="weightLb" label="casillero.package.weightLb" />
        <NumberField name="lengthCm" label="casillero.package.lengthCm" />
        <NumberField name="widthCm" label="casillero.package.widthCm" />
        <NumberField name="heightCm" label="casillero.package.heightCm" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberField name="declaredValue" label="casillero.alert.declaredValue" leftSection="$" />
      </SimpleGrid>
      <CustomField name="photoUpload">
        {(field) => <UploadField name={field.name} purpose="photo" label={t('casillero.package.photo')} error={field.error} onChange={field.recheck} />}
      </CustomField>
    </RecordForm>
  );
}
