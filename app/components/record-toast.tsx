import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useT } from '#app/lib/use-t.ts';
import { useSearchParams } from 'react-router';
import type { MessageKey } from '#common/i18n/messages.ts';

const NOTICES: Record<string, MessageKey> = {
  created: 'record.created',
  updated: 'record.updated',
  deleted: 'record.deleted',
  storeDeleted: 'store.delete.deleted',
  renewalSent: 'store.renewal.sent',
  creditNoteIssued: 'creditNote.issuedNotice',
  // The order page's payments (issue 39).
  refunded: 'payment.refund.done',
  receiptConfirmed: 'payment.receipt.confirmedNotice',
  receiptRejected: 'payment.receipt.rejectedNotice',
  // The order page's note to the shopper (issue 40 §3).
  noteSent: 'orderPapers.note.sent',
  // A shipment recorded on the order page (issue 40 §2).
  shipped: 'shipment.shippedNotice',
  // A list's bulk actions, with `&count=3`: "3 registros actualizados".
  bulkUpdated: 'bulk.done.updated' as MessageKey,
  bulkDeleted: 'bulk.done.deleted' as MessageKey,
  // A product's copy, and the variants its grid created (`&count=6`).
  duplicated: 'catalog.product.duplicated',
  variantsCreated: 'catalog.variantGrid.created' as MessageKey,
};

/**
 * PRODUCT §7's record messages as toasts: an action redirects with `?notice=created|updated|deleted`;
 * the toast shows once and the parameter leaves the address bar.
 */
export function RecordToast() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const notice = params.get('notice');
  const count = Number(params.get('count') ?? 1) || 0;
  useEffect(() => {
    const key = notice ? NOTICES[notice] : undefined;
    if (!key) return;
    notifications.show({ message: t(key, { count }), color: 'brand', withBorder: true, autoClose: 4000 });
    const next = new URLSearchParams(params);
    next.delete('notice');
    next.delete('count');
    setParams(next, { replace: true, preventScrollReset: true });
  }, [notice, count, params, setParams, t]);
  // Without JavaScript the same message stays visible in the page.
  return notice && NOTICES[notice] ? <noscript>{t(NOTICES[notice], { count })}</noscript> : null;
}
