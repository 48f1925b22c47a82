import { UploadField } from '#app/components/upload-field.tsx';
import { useT } from '#app/lib/use-t.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import type { UploadPurpose } from '#common/upload-limits.ts';
import { CustomField } from './fields.tsx';

/**
 * One image of a record in a RecordForm (a banner's, a brand's, a variant's): the upload field in
 * image mode, carrying the upload id in `name`. The record's service claims it when the form is saved.
 */
export function ImageField({ name = 'imageId', label, hint, purpose = 'catalog', preview = { width: 240, height: 240 }, required }: {
  name?: string;
  label: MessageKey;
  hint?: MessageKey;
  purpose?: UploadPurpose;
  preview?: { width: number; height: number };
  required?: boolean;
}) {
  const t = useT();
  return (
    <CustomField name={name}>
      {(field) => (
        <UploadField
          name={field.name}
          purpose={purpose}
          label={t(label)}
          description={hint ? t(hint) : undefined}
          initial={typeof field.value === 'string' && field.value ? { id: field.value, name: t(label), size: 0 } : null}
          preview={preview}
          error={field.error}
          onChange={field.recheck}
          required={required}
        />
      )}
    </CustomField>
  );
}
