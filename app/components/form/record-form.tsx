import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Form, useLocation } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { FormAlert } from '#app/components/form-alert.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { useT } from '#app/lib/use-t.ts';
import { type FormSchema, parseForm } from '#common/form-parse.ts';
import type { FieldErrors } from '#common/forms.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { localeFromPath } from '#common/locale.ts';
import { RecordFormContext } from './use-field.ts';
import { UnsavedChangesDialog, useUnsavedChanges } from './unsaved-changes.tsx';

export type SaveQuestion = { title: string; message: string; confirm: string };

export type RecordFormProps = {
  /** The schema the action and the API parse with (`common/schemas/`): the browser checks with it first. */
  schema: FormSchema;
  /** Sent as `intent`, for actions that serve several forms. */
  intent?: string;
  submitLabel: string;
  /** The record's stored values (edit forms). */
  initial?: Record<string, unknown>;
  /** The form's own failure text (e.g. "Error al actualizar la tienda"), shown too when the browser's check refuses. */
  failureMessage?: MessageKey;
  /**
   * A question to ask before a valid form is sent (a coupon whose date has passed, issue 20 §3):
   * its texts, or null to send at once.
   */
  confirmSave?: (data: Record<string, unknown>) => SaveQuestion | null;
  /**
   * Asks before leaving with unsaved changes (the default). A router keeps one such question at a
   * time, the last form's: on a page of several forms, only the main one asks.
   */
  guardUnsaved?: boolean;
  children: React.ReactNode;
};

/**
 * A React Router <Form> checked in the browser with the server's own schema before it is sent:
 * a form with problems is not sent, shows every error and puts the cursor in the first bad field.
 * The server stays the authority: its errors come back through the action (useFormResult) and show
 * in the same places. Without JavaScript it is a plain form post, answered the same way.
 */
export function RecordForm({ schema, intent, submitLabel, initial, failureMessage, confirmSave, guardUnsaved = true, children }: RecordFormProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  // The same error state as every other form (useFormResult), checked with this form's schema.
  const { result, errors, setErrors, check: checkForm, formError, notice } = useFormResult(schema, intent);
  // On a page of several forms, only the one being sent spins.
  const busy = useSending(intent);
  const formRef = useRef<HTMLFormElement>(null);

  // Focus waits for the render that marks the fields invalid (aria-invalid), in the page's order.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  // Fields' own checks of their text (DateField), by field name.
  const typedChecks = useRef(new Map<string, () => MessageKey | undefined>());
  const addTypedCheck = (name: string, typedError: () => MessageKey | undefined) => {
    typedChecks.current.set(name, typedError);
    return () => {
      if (typedChecks.current.get(name) === typedError) typedChecks.current.delete(name);
    };
  };
  const typedErrors = (only?: string): FieldErrors => {
    const found: FieldErrors = {};
    for (const [name, typedError] of typedChecks.current) {
      const key = only === undefined || only === name ? typedError() : undefined;
      if (key) found[name] = key;
    }
    return found;
  };

  const check = (name: string) => {
    if (formRef.current) checkForm(formRef.current, name, typedErrors(name));
  };

  // The question asked before sending, and whether its answer was yes.
  const [question, setQuestion] = useState<SaveQuestion | null>(null);
  const [asking, setAsking] = useState(false);
  const answeredYes = useRef(false);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = parseForm(schema, new FormData(event.currentTarget), locale);
    const typed = typedErrors();
    if (parsed.ok && Object.keys(typed).length === 0) {
      const asked = answeredYes.current ? null : (confirmSave?.(parsed.data as Record<string, unknown>) ?? null);
      answeredYes.current = false;
      if (!asked) return; // React Router sends it; the server checks again
      event.preventDefault();
      setQuestion(asked);
      setAsking(true);
      return;
    }
    event.preventDefault();
    const errors = { ...(parsed.ok ? {} : parsed.errors), ...typed };
    setErrors(failureMessage ? { ...errors, form: failureMessage } : errors);
    setFocusRequest((count) => count + 1);
  };

  const wholeFormError = errors.form ? t(errors.form) : formError;
  return (
    <RecordFormContext value={{ schema, locale, values: { ...initial, ...result?.values }, errors, check, addTypedCheck }}>
      <Form method="post" noValidate ref={formRef} onSubmit={onSubmit}>
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        <Stack gap="md">
          <FormAlert error={wholeFormError} notice={notice} />
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </Form>
      {confirmSave ? (
        // The question stays while the dialog closes: only `asking` goes.
        <Modal opened={asking} onClose={() => setAsking(false)} title={question?.title} centered>
          <Text mb="lg">{question?.message}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('list.cancel')}
            </Button>
            <Button
              onClick={() => {
                answeredYes.current = true;
                setAsking(false);
                formRef.current?.requestSubmit();
              }}
              data-testid="confirm-save"
            >
              {question?.confirm}
            </Button>
          </Group>
        </Modal>
      ) : null}
      {guardUnsaved ? <UnsavedGuard formRef={formRef} initial={initial} /> : null}
    </RecordFormContext>
  );
}

/** The question before leaving a form with changes (a component: a form that does not ask calls no blocker). */
function UnsavedGuard({ formRef, initial }: { formRef: React.RefObject<HTMLFormElement | null>; initial?: Record<string, unknown> }) {
  return <UnsavedChangesDialog blocker={useUnsavedChanges(formRef, initial)} />;
}
