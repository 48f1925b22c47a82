import { createContext, useContext } from 'react';
import { useT } from '#app/lib/use-t.ts';
import { type FormSchema, isMoneyField, isRequired } from '#common/form-parse.ts';
import type { FieldErrors } from '#common/forms.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import type { Locale } from '#common/locale.ts';

/** What a RecordForm tells its fields. */
export type RecordFormState = {
  schema: FormSchema;
  locale: Locale;
  /** The record's values, overwritten by what the user last sent (so nothing typed is lost). */
  values: Record<string, unknown>;
  /** Message keys, from the browser's check or the server's answer: shown the same way. */
  errors: FieldErrors;
  /** Checks one field again against the whole form's current values. */
  check: (name: string) => void;
  /**
   * A field whose text the schema cannot judge registers its own check here (a date typed as
   * 31/02/2026 reaches the schema as no date at all): its error counts like the schema's, so the
   * form is not sent. Returns the function that unregisters it.
   */
  addTypedCheck: (name: string, typedError: () => MessageKey | undefined) => () => void;
};

export const RecordFormContext = createContext<RecordFormState | null>(null);

/** A stored or typed value as the text an input starts with. */
export const asText = (value: unknown): string | undefined => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/**
 * One field of the enclosing RecordForm by its schema name: its starting value, its translated
 * error, whether the schema requires it, and the handlers that clear the error as it is fixed.
 * Mantine's inputs turn `error` into `aria-invalid` and an `aria-describedby` to the message.
 */
export function useField(name: string) {
  const form = useContext(RecordFormContext);
  if (!form) throw new Error(`useField('${name}') outside a RecordForm`);
  const t = useT();
  const key = form.errors[name];
  const error = key ? t(key) : undefined;
  const required = isRequired(form.schema, name);
  // Only a field that already shows an error is checked while typing: no error before the first try.
  const recheck = () => {
    if (form.errors[name]) form.check(name);
  };
  return {
    name,
    error,
    required,
    locale: form.locale,
    value: form.values[name],
    /** Whether the schema declares it money (`moneyInput`): shown with two decimals. */
    money: isMoneyField(form.schema, name),
    /** Another field's starting value (a coupon's type decides whether its discount is money). */
    startingValue: (other: string) => form.values[other],
    recheck,
    addTypedCheck: (typedError: () => MessageKey | undefined) => form.addTypedCheck(name, typedError),
    inputProps: { name, error, required, onChange: recheck, onBlur: recheck },
  };
}
export type Field = ReturnType<typeof useField>;
