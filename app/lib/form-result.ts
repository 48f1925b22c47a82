import { useT } from '#app/lib/use-t.ts';
import { useActionData } from 'react-router';
import type { FieldErrors } from '#common/forms.ts';
import type { MessageKey } from '#common/i18n/messages.ts';

/** What every form action answers when it does not redirect. */
export type FormResult = {
  errors?: FieldErrors;
  formError?: { key: MessageKey; vars?: Record<string, string | number> };
  notice?: MessageKey;
  /** What the user typed (never passwords), so a form without JavaScript keeps it too. */
  values?: Record<string, string>;
};

/** Translated field errors, form error and typed values of the last submission. */
export function useFormResult() {
  const t = useT();
  const result = useActionData() as FormResult | undefined;
  return {
    result,
    fieldError: (field: string) => {
      const key = result?.errors?.[field];
      return key ? t(key) : undefined;
    },
    formError: result?.formError ? String(t(result.formError.key, (result.formError.vars ?? {}) as never)) : undefined,
    notice: result?.notice ? t(result.notice) : undefined,
    value: (field: string) => result?.values?.[field],
  };
}
