import { Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { type FormResult, useFormResult } from '#app/lib/form-result.ts';

const hasProblems = (result: FormResult | undefined) => Boolean(result?.errors || result?.formError);

/**
 * A dialog holding a form: it opens again by itself when the server sends the form back with
 * problems — also on the server-rendered page, so a browser without JavaScript sees them too.
 */
export function useFormDialog() {
  const { result } = useFormResult();
  const [opened, handlers] = useDisclosure(hasProblems(result));
  const [answered, setAnswered] = useState(result);
  if (result !== answered) {
    setAnswered(result);
    if (hasProblems(result)) handlers.open();
  }
  // A successful save redirects (a new location): the dialog's work is done. But a navigation
  // already under way when the dialog opened (a toast taking `?notice=` out of the address, right
  // after the previous save) is not its answer: arriving there must not close what was just opened.
  const { key } = useLocation();
  const navigation = useNavigation();
  const [seenKey, setSeenKey] = useState(key);
  const [openedDuring, setOpenedDuring] = useState<string | null>(null);
  if (key !== seenKey) {
    setSeenKey(key);
    if (key === openedDuring) setOpenedDuring(null);
    else if (!hasProblems(result)) handlers.close();
  }
  const open = () => {
    setOpenedDuring(navigation.state === 'idle' ? null : navigation.location.key);
    handlers.open();
  };
  return [opened, { ...handlers, open }] as const;
}

/**
 * A dialog rendered in place (no portal), so that the server's HTML holds one reopened with its
 * errors. Mantine's fixed layer sets no `left` then, so it is given one, or the dialog would start
 * where its button stands.
 */
export const DIALOG_STYLES = { inner: { left: 0 } };

export function FormDialog({ opened, onClose, title, children }: { opened: boolean; onClose: () => void; title: string; children: React.ReactNode }) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" withinPortal={false} transitionProps={{ duration: 0 }} styles={DIALOG_STYLES}>
      {children}
    </Modal>
  );
}
