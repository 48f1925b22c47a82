import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Form, useNavigation } from 'react-router';
import { UploadField } from '#app/components/upload-field.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { CARRIERS } from '#common/enums/casillero.ts';

export type AlertFormValues = {
  trackingNumber: string;
  carrier: string;
  store: string;
  content: string;
  declaredValue: string;
  expectedDate: string;
  invoice?: { id: string; name: string; size: number } | null;
};

/** The one alert form: the create dialog on /alert and the edit dialog on /alert/show. */
export function AlertForm({ initial, submitLabel, intent }: { initial?: Partial<AlertFormValues>; submitLabel: string; intent: 'create' | 'update' }) {
  const t = useT();
  const { result, fieldError } = useFormResult();
  const values = { ...initial, ...result?.values };
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput name="trackingNumber" label={t('casillero.alert.trackingNumber')} defaultValue={values.trackingNumber} error={fieldError('trackingNumber')} required autoComplete="off" />
          <NativeSelect name="carrier" label={t('casillero.alert.carrier')} defaultValue={values.carrier ?? 'USPS'} data={[...CARRIERS]} error={fieldError('carrier')} required />
          <TextInput name="store" label={t('casillero.alert.store')} placeholder="Amazon, eBay, Walmart…" defaultValue={values.store} error={fieldError('store')} required />
          <NumberInput name="declaredValue" label={t('casillero.alert.declaredValue')} defaultValue={values.declaredValue} error={fieldError('declaredValue')} min={0} max={100000} decimalScale={2} leftSection="$" required />
        </SimpleGrid>
        <Textarea name="content" label={t('casillero.alert.content')} defaultValue={values.content} error={fieldError('content')} autosize minRows={2} required />
        <TextInput name="expectedDate" type="date" label={t('casillero.alert.expectedDate')} defaultValue={values.expectedDate ?? ''} error={fieldError('expectedDate')} />
        <UploadField name="invoiceUpload" purpose="invoice" label={t('casillero.alert.invoice')} initial={initial?.invoice ?? null} error={fieldError('invoiceUpload')} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
