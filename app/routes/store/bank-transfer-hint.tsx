import { Alert } from '@mantine/core';
import { useContext, useEffect, useRef, useState } from 'react';
import { RecordFormContext } from '#app/components/form/use-field.ts';
import { useT } from '#app/lib/use-t.ts';

// A walk's defect (issue 39): an owner typed the bank details and left "Bank transfer" off, and
// nothing said it needed switching on; shoppers were never offered it. Beside the switch, while every
// detail is filled and the switch is off — as the form loads, and as the owner types.

const DETAILS = ['bankName', 'bankAccountType', 'bankAccountNumber', 'bankAccountHolder'] as const;
const isOn = (value: unknown) => value === true || value === 'on' || value === 'true';
const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

export function BankTransferOffHint() {
  const t = useT();
  const form = useContext(RecordFormContext);
  const values = form?.values ?? {};
  const [shown, setShown] = useState(() => !isOn(values.bankTransfer) && DETAILS.every((name) => filled(values[name])));
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current?.closest('form');
    if (!element) return;
    const update = () => {
      const typed = new FormData(element);
      setShown(typed.get('bankTransfer') !== 'on' && DETAILS.every((name) => filled(typed.get(name))));
    };
    update();
    element.addEventListener('input', update);
    element.addEventListener('change', update);
    return () => {
      element.removeEventListener('input', update);
      element.removeEventListener('change', update);
    };
  }, []);
  return (
    // Said as it appears, without taking the cursor from the field being typed.
    <div ref={ref} aria-live="polite">
      {shown ? (
        <Alert color="yellow" variant="light" data-testid="bank-transfer-off">
          {t('payment.settings.bankTransferOff')}
        </Alert>
      ) : null}
    </div>
  );
}
