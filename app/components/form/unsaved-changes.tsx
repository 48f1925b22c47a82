import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useT } from '#app/lib/use-t.ts';

/** A form's fields as one text: two are equal when the form would send the same (files aside). */
const sentValues = (form: HTMLFormElement) => new URLSearchParams([...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === 'string')).toString();

/**
 * Asks before leaving a form with changes not saved (issue 20 §15): a link or the back button
 * inside the app (React Router's blocker, with our dialog), and closing or reloading the tab (the
 * browser's own `beforeunload` question). "Changed" is what the form would send now against what
 * it sent when the page arrived, so a field typed back to its value is no change, and every kind
 * of field counts (the rich-text editor's, the gallery's hidden inputs). Sending a form — this
 * one, or a confirmed delete — is never blocked: its answer decides where the user goes.
 */
export function useUnsavedChanges(formRef: React.RefObject<HTMLFormElement | null>, initial: Record<string, unknown> | undefined) {
  const saved = useRef<string | null>(null);
  const submitting = useRef(false);
  // The values as they arrived, and again when the record arrives anew (a save redirects to it);
  // not after a refused save, whose typed values are still unsaved. A layout effect: it runs
  // before the page's effects, one of which (the saved toast) changes the address at once.
  const arrived = JSON.stringify(initial ?? {});
  useLayoutEffect(() => {
    if (formRef.current) saved.current = sentValues(formRef.current);
  }, [formRef, arrived]);
  // A submit of any form of the page starts a navigation that must go through.
  useEffect(() => {
    const onSubmit = () => {
      submitting.current = true;
      setTimeout(() => (submitting.current = false));
    };
    document.addEventListener('submit', onSubmit, true);
    return () => document.removeEventListener('submit', onSubmit, true);
  }, []);
  const dirty = () => !submitting.current && saved.current !== null && formRef.current !== null && sentValues(formRef.current) !== saved.current;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) && dirty());
  useEffect(() => {
    const onUnload = (event: BeforeUnloadEvent) => {
      if (!dirty()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  });
  return blocker;
}

/** The question a blocked navigation asks: stay (the default, focused first) or leave and lose the changes. */
export function UnsavedChangesDialog({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  const t = useT();
  const stay = () => blocker.reset?.();
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={stay} title={t('record.unsavedTitle')} centered>
      <Text mb="lg">{t('record.unsavedMessage')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.proceed?.()} data-testid="leave-unsaved">
          {t('record.unsavedLeave')}
        </Button>
        <Button onClick={stay} data-autofocus data-testid="stay-unsaved">
          {t('record.unsavedStay')}
        </Button>
      </Group>
    </Modal>
  );
}
