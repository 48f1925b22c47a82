import { useMemo } from 'react';
import type { FormSchema } from '#common/form-parse.ts';
import type { FieldErrors } from '#common/forms.ts';
import type { Locale } from '#common/locale.ts';
import { RecordFormContext, type RecordFormState } from './use-field.ts';

/**
 * The kit's fields (DateField, NumberField…) in a form that is not a RecordForm: a list's GET filter
 * form, whose loader reads the address and hands back what was typed and an error per field. The
 * browser checks nothing here — the form is sent as it is, and the loader's verdict shows beside
 * the fields, the same with JavaScript and without.
 */
export function FilterFields({ schema, locale, values, errors, children }: { schema: FormSchema; locale: Locale; values: Record<string, unknown>; errors: FieldErrors; children: React.ReactNode }) {
  const state = useMemo<RecordFormState>(() => ({ schema, locale, values, errors, check: () => undefined, addTypedCheck: () => () => undefined }), [schema, locale, values, errors]);
  return <RecordFormContext.Provider value={state}>{children}</RecordFormContext.Provider>;
}
