import { Alert, Button, Stack } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { useT } from '#app/lib/use-t.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';

// The order page's invoice action (issue 23 §5). Plugs into the owner's order detail
// (`/sales/order/show?id=`): give it the order's id and the invoice the loader found with
// `services(context).invoices.invoiceOfOrder(storeScope(context), orderId)` (null while none).
// Issuing asks first; the dialog posts to `/sales/invoice/issue`, which opens the new invoice or
// comes back here with `?invoiceError=`, shown beside the button — with or without JavaScript.

/** The refusals the issue action may send back; anything else in the address is ignored. */
const REFUSALS: readonly MessageKey[] = ['invoice.orderCancelled', 'invoice.alreadyIssued', 'invoice.missingRuc', 'invoice.missingBusinessName', 'invoice.missingRucAndName', 'invoice.sequenceExhausted'];

export function IssueInvoiceButton({ orderId, invoice, cancelled = false }: { orderId: number; invoice: { id: number; number: string } | null; cancelled?: boolean }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const [params] = useSearchParams();
  const refusal = REFUSALS.find((key) => key === params.get('invoiceError'));
  if (invoice) {
    return (
      <Button component={Link} to={`${localizePath('/sales/invoice/show', locale)}?id=${invoice.id}`} variant="light" data-testid="view-invoice">
        {t('invoice.viewInvoice', { number: invoice.number })}
      </Button>
    );
  }
  if (cancelled) return null;
  return (
    <Stack gap="xs" align="flex-start">
      <ConfirmButton
        intent="issue"
        action={localizePath('/sales/invoice/issue', locale)}
        fields={{ orderId: String(orderId) }}
        label={t('invoice.issue')}
        title={t('invoice.issueConfirmTitle')}
        message={t('invoice.issueConfirmText')}
        confirmLabel={t('invoice.issue')}
        color="brand"
        variant="filled"
        confirmColor="brand"
        data-testid="issue-invoice"
      />
      {refusal ? (
        <Alert color="red" role="alert" data-testid="issue-invoice-error">
          {t(refusal)}
        </Alert>
      ) : null}
    </Stack>
  );
}
