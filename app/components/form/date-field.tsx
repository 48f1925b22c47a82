import { TextInput } from '@mantine/core';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useT } from '#app/lib/use-t.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { asText, type Field, useField } from './use-field.ts';

export type DatePickerProps = { field: Field; label: string; start: string; clearable: boolean };

/**
 * A day, typed in the page's order (15/08/2030 in Spanish, 08/15/2030 in English) or picked on a
 * calendar; its name carries `YYYY-MM-DD` (or nothing), as the schema reads it. The picker
 * (@mantine/dates and dayjs) is fetched only when a screen with this field mounts, so it stays out
 * of every other page's JavaScript; until then, and without JavaScript, the field is the browser's
 * own date input, which posts the same `YYYY-MM-DD`. What was typed there carries over.
 */
export function DateField({ name, label }: { name: string; label: MessageKey }) {
  const t = useT();
  const field = useField(name);
  const native = useRef<HTMLInputElement>(null);
  // The value the field arrived with, for the picker taking over once (not a dependency of that).
  const arrived = useRef(asText(field.value));
  const [picker, setPicker] = useState<{ Picker: ComponentType<DatePickerProps>; start: string } | null>(null);
  useEffect(() => {
    let live = true;
    // What the browser's input holds (typed before the picker came); else a value it cannot hold —
    // text a loader or action refused, sent back to be shown with its error, never lost.
    const refused = arrived.current;
    const start = native.current?.value || (refused && !/^\d{4}-\d{2}-\d{2}$/.test(refused) ? refused : '');
    void import('./date-picker.tsx').then((module) => live && setPicker({ Picker: module.DatePickerField, start }));
    return () => {
      live = false;
    };
  }, []);
  if (picker) return <picker.Picker field={field} label={t(label)} start={picker.start} clearable={!field.required} />;
  return <TextInput ref={native} type="date" {...field.inputProps} label={t(label)} defaultValue={asText(field.value)} />;
}
