import { useState } from 'react';
import { useActionData, useLocation } from 'react-router';
import { useT } from '#app/lib/use-t.ts';
import { type FormSchema, parseForm, withFieldChecked } from '#common/form-parse.ts';
import type { FieldErrors } from '#common/forms.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { localeFromPath } from '#common/locale.ts';

/** What every form action answers when it does not redirect. */
export type FormResult = {
  errors?: FieldErrors;
  formError?: { key: MessageKey; vars?: Record<string, string | number> };
  notice?: MessageKey;
  /** The action checked the form and asks its last question before doing it (a store's deletion). */
  confirm?: boolean;
  /** What the user typed (never passwords), so a form without JavaScript keeps it too. */
  values?: Record<string, string>;
  /**
   * The form the answer is for, on a page of several forms that each send their own `intent` (a
   * gateway's card on /store/payments): only the form with that intent shows it. Without it the
   * answer is the page's one form's, as before.
   */
  intent?: string;
};

/**
 * Translated field errors, form error and typed values of the last submission — the one way every
 * form shows its errors (the record form kit included). The errors live in state seeded by each
 * server answer, so a field that is corrected loses its error at once instead of at the next
 * submit (issue 9 §8): spread `formProps` on the `<Form>` and every input's change or blur is
 * checked again, with the form's schema when there is one (the field's new verdict replaces the
 * old), or simply cleared when the problem is one only the server can judge.
 */
export function useFormResult(schema?: FormSchema, intent?: string) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const answer = useActionData() as FormResult | undefined;
  // Another form's answer, on a page of several, is not this one's.
  const result = answer?.intent === undefined || answer.intent === intent ? answer : undefined;
  const [errors, setErrors] = useState<FieldErrors>(result?.errors ?? {});
  // A new answer from the server replaces whatever the browser concluded.
  const [answered, setAnswered] = useState(result);
  if (result !== answered) {
    setAnswered(result);
    setErrors(result?.errors ?? {});
  }

  /**
   * Checks one field again against the whole form's current values. `typed` is what a field found
   * wrong in its own text before the schema saw it (a date that is no day): it wins over the schema.
   */
  const check = (form: HTMLFormElement, name: string, typed: FieldErrors = {}) => {
    const parsed = schema ? parseForm(schema, new FormData(form), locale) : ({ ok: true } as const);
    setErrors((current) => withFieldChecked(current, name, { ...(parsed.ok ? {} : parsed.errors), ...typed }));
  };
  // Only a field that already shows an error is checked while typing: no error before the first try.
  const recheck = (event: React.SyntheticEvent<HTMLFormElement>) => {
    const name = (event.target as Partial<HTMLInputElement>).name;
    if (name && errors[name]) check(event.currentTarget, name);
  };

  return {
    result,
    errors,
    setErrors,
    check,
    fieldError: (field: string) => {
      const key = errors[field];
      return key ? t(key) : undefined;
    },
    formError: result?.formError ? String(t(result.formError.key, (result.formError.vars ?? {}) as never)) : undefined,
    notice: result?.notice ? t(result.notice) : undefined,
    value: (field: string) => result?.values?.[field],
    /** Spread on the `<Form>`: clears a field's error as the user corrects it. */
    formProps: { onChange: recheck, onBlur: recheck },
  };
}
