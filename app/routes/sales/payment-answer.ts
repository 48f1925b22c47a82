import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useActionData } from 'react-router';
import type { FormResult } from '#app/lib/form-result.ts';
import { useT } from '#app/lib/use-t.ts';

// The payments section's forms share the order page with others (the status moves, the credit
// note): each answer of payment.server.ts carries its `intent`, and only the form it is for shows
// it — reopening its dialog with the errors and what was typed, with or without JavaScript.

/** The last answer when it is this form's (its intent, and `match` on what was posted). */
export function useIntentAnswer(intent: string, match: (values: Record<string, string>) => boolean = () => true) {
  const t = useT();
  const answer = useActionData() as FormResult | undefined;
  const result = answer?.intent === intent && match(answer.values ?? {}) ? answer : undefined;
  const key = (name: string) => result?.errors?.[name];
  return {
    result,
    typed: result?.values ?? {},
    fieldError: (name: string) => {
      const found = key(name);
      return found ? String(t(found)) : undefined;
    },
    formError: result?.formError ? String(t(result.formError.key, (result.formError.vars ?? {}) as never)) : undefined,
  };
}

/** A dialog that opens by itself when its form's answer comes back (server-rendered too). */
export function useAnswerDialog(result: FormResult | undefined) {
  const [opened, handlers] = useDisclosure(Boolean(result));
  const [seen, setSeen] = useState(result);
  if (result !== seen) {
    setSeen(result);
    if (result) handlers.open();
  }
  return [opened, handlers] as const;
}

