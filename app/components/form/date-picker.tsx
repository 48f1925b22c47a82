import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/es';
import { ActionIcon, Popover } from '@mantine/core';
import { type CalendarAriaLabels, DateInput, DatePicker, DatesProvider } from '@mantine/dates';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useT } from '#app/lib/use-t.ts';
import { formatTypedDate, parseTypedDate } from '#common/dates.ts';
import type { DatePickerProps } from './date-field.tsx';

// Loaded on demand by DateField: Mantine's date input, dayjs and their styles are their own chunk.

/**
 * The text in the box is the truth: what is sent is the day it names, and text that names no day
 * stays as typed, with its error, until it is fixed (Mantine would put back the last good date on
 * blur). Mantine's DateInput keeps its calendar out of the tab order, so a button beside the text
 * opens one that takes the focus (arrow keys, Enter, Escape).
 */
export function DatePickerField({ field, label, start, clearable }: DatePickerProps) {
  const t = useT();
  const { locale, addTypedCheck } = field;
  const [text, setText] = useState(() => formatTypedDate(start, locale));
  const typed = useRef(text);
  const edited = useRef(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const day = parseTypedDate(text, locale);

  const change = (next: string) => {
    typed.current = next;
    edited.current = true;
    setText(next);
  };
  const pick = (value: string | null) => {
    // Typing a good date reports it too: keep the text as typed ("5/8/2030"), only a pick rewrites it.
    if (value === null) change('');
    else if (parseTypedDate(typed.current, locale) !== value) change(formatTypedDate(value, locale));
  };

  // Mantine's DateInput draws its text from its value, so a text that names no day, arriving with
  // the page (a filter's address opened again, a reload), would show as an empty box beside its
  // error. It is typed into the box once, as the user typed it.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = box.current;
    const arrived = typed.current;
    if (!input || arrived.trim() === '' || parseTypedDate(arrived, locale) !== null || input.value === arrived) return;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, arrived);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, [locale]);

  useEffect(() => addTypedCheck(() => (typed.current.trim() && !parseTypedDate(typed.current, locale) ? 'dateField.typeAs' : undefined)), [addTypedCheck, locale]);
  // A shown error is checked again once the new text is in the form (the hidden input below).
  const recheck = useEffectEvent(() => field.recheck());
  useEffect(() => {
    if (edited.current) recheck();
  }, [text]);

  const ariaLabels = useMemo<CalendarAriaLabels>(
    () => ({
      previousMonth: t('dateField.previousMonth'),
      nextMonth: t('dateField.nextMonth'),
      previousYear: t('dateField.previousYear'),
      nextYear: t('dateField.nextYear'),
      previousDecade: t('dateField.previousDecade'),
      nextDecade: t('dateField.nextDecade'),
    }),
    [t],
  );

  const calendarButton = (
    <Popover opened={calendarOpen} onChange={setCalendarOpen} trapFocus returnFocus position="bottom-end" shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('dateField.openCalendar')} aria-expanded={calendarOpen} onClick={() => setCalendarOpen((open) => !open)}>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M16 3v4M8 3v4M3 11h18" />
          </svg>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <DatePicker
          value={day}
          defaultDate={day ?? undefined}
          ariaLabels={ariaLabels}
          hideOutsideDates
          onChange={(value) => {
            pick(value);
            setCalendarOpen(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );

  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: locale === 'es' ? 1 : 0 }}>
      <input type="hidden" name={field.name} value={day ?? text.trim()} />
      <DateInput
        ref={box}
        label={label}
        error={field.error}
        required={field.required}
        placeholder={t('dateField.placeholder')}
        value={day}
        onChange={pick}
        onInput={(event) => change(event.currentTarget.value)}
        onBlur={() => field.recheck()}
        dateParser={(value) => parseTypedDate(value, locale)}
        valueFormat={(value) => formatTypedDate(value, locale)}
        fixOnBlur={false}
        allowDeselect={false}
        clearable={clearable}
        // 28 px as the calendar button beside it: Mantine's 22 px is under WCAG 2.5.8's 24 px (axe: target-size).
        clearButtonProps={{ 'aria-label': t('dateField.clear'), style: { width: 28, height: 28, minWidth: 28, minHeight: 28, pointerEvents: 'all', background: 'var(--input-bg)' } }}
        rightSection={calendarButton}
        rightSectionPointerEvents="all"
        ariaLabels={ariaLabels}
        hideOutsideDates
        // In the page's own landmark (or dialog), not at the end of <body> (axe: content outside a
        // landmark). Not over a shown error (the field gets the focus with it): the button's calendar still opens.
        popoverProps={{ withinPortal: false, disabled: Boolean(field.error) }}
        inputMode="numeric"
        data-testid={`date-${field.name}`}
      />
    </DatesProvider>
  );
}
