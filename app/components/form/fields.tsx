import { ColorInput, type ColorInputProps, NativeSelect, type NativeSelectProps, Switch, type SwitchProps, Textarea, type TextareaProps, TextInput, type TextInputProps } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { formatLocaleMoney, formatLocaleNumber, moneyText } from '#common/locale-number.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { asText, type Field, useField } from './use-field.ts';

// The record form kit's fields: each is named as in the schema and labelled by a message key; its
// value, error and `required` come from the enclosing RecordForm. All are uncontrolled inputs, so
// what the user types is what a form post without JavaScript sends.

type Owned = 'name' | 'label' | 'error' | 'required' | 'defaultValue' | 'defaultChecked' | 'onChange' | 'onBlur';
type Named = { name: string; label: MessageKey };

export function TextField({ name, label, ...props }: Named & Omit<TextInputProps, Owned>) {
  const t = useT();
  const field = useField(name);
  return <TextInput {...props} {...field.inputProps} label={t(label)} defaultValue={asText(field.value)} />;
}

/**
 * A number in the page's language ("89,99" on a Spanish page): a text input, read by the schema.
 * Money — a field the schema makes with `moneyInput`, or one that is money only while another
 * field has a value (`moneyWhen`: a coupon's discount is an amount when its type is "fixed") —
 * shows two decimals ("3,50", not "3,5") when it loads and when the user leaves it; never while
 * typing, and text it cannot read stays as typed for the schema to refuse.
 */
export function NumberField({ name, label, moneyWhen, ...props }: Named & { moneyWhen?: [field: string, value: string] } & Omit<TextInputProps, Owned | 'type'>) {
  const t = useT();
  const field = useField(name);
  const isMoney = (valueOf: (other: string) => unknown) => field.money || (moneyWhen !== undefined && valueOf(moneyWhen[0]) === moneyWhen[1]);
  // A stored number is written the page's way; text is what the user typed and stays as typed.
  const value = field.value;
  const shown = typeof value === 'number' && isMoney(field.startingValue) ? formatLocaleMoney(value, field.locale) : typeof value === 'number' || typeof value === 'string' ? formatLocaleNumber(value, field.locale) : undefined;
  const leave = (event: React.FocusEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    // The other field as it is now in the form, not as it loaded: the owner may have changed it.
    if (isMoney((other) => (input.form?.elements.namedItem(other) as HTMLInputElement | HTMLSelectElement | null)?.value)) input.value = moneyText(input.value, field.locale);
    field.inputProps.onBlur();
  };
  return <TextInput inputMode="decimal" autoComplete="off" {...props} {...field.inputProps} onBlur={leave} label={t(label)} defaultValue={shown} />;
}

export function SelectField({ name, label, ...props }: Named & Omit<NativeSelectProps, Owned>) {
  const t = useT();
  const field = useField(name);
  return <NativeSelect {...props} {...field.inputProps} label={t(label)} defaultValue={asText(field.value)} />;
}

export function TextareaField({ name, label, ...props }: Named & Omit<TextareaProps, Owned>) {
  const t = useT();
  const field = useField(name);
  return <Textarea {...props} {...field.inputProps} label={t(label)} defaultValue={asText(field.value)} />;
}

/** A colour as `#rrggbb`, typed or picked, with its swatch. */
export function ColorField({ name, label, ...props }: Named & Omit<ColorInputProps, Owned | 'format'>) {
  const t = useT();
  const field = useField(name);
  // The eye-dropper button draws only an icon: it needs a name of its own (WCAG 4.1.2).
  // fixOnBlur off: Mantine would put back the last valid color (the default #1c9283) over what was
  // typed, so "rojo" was saved as that default; the typed text stays and the schema refuses it.
  return (
    <ColorInput eyeDropperButtonProps={{ 'aria-label': t('record.pickColor') }} {...props} {...field.inputProps} fixOnBlur={false} format="hex" label={t(label)} defaultValue={asText(field.value)} />
  );
}

/** A yes/no field: sends "on" when on, nothing when off (as a checkbox does). */
export function SwitchField({ name, label, ...props }: Named & Omit<SwitchProps, Owned | 'value'>) {
  const t = useT();
  const field = useField(name);
  const value = field.value;
  return <Switch {...props} {...field.inputProps} value="on" label={t(label)} defaultChecked={value === true || value === 'on' || value === 'true'} />;
}

/** Any other input (e.g. UploadField) as a field of the form: it gets the field and renders itself. */
export function CustomField({ name, children }: { name: string; children: (field: Field) => React.ReactNode }) {
  return children(useField(name));
}
