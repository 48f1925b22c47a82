import { formatDate } from '#common/dates.ts';
import { translator } from '#common/i18n/all-languages.ts';
import { asLocale, type Locale } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import { AppError } from '#server/errors.ts';
import type { MailAttachment } from '#server/mail/mailer.ts';
import { renderShopperMail } from '#server/modules/sales/shopper-mail/shopper-mail.ts';
import { shopperMailData } from '#server/modules/sales/shopper-mail/shopper-mail.service.ts';
import { enqueueJob } from '#server/modules/job/job-queue.ts';
import { getStore } from '#server/modules/store/store.service.ts';
import { staffStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { SriDoc, SriKind } from './invoice-sri.repository.ts';
import * as sri from './invoice-sri.repository.ts';
import { getCreditNote, getCreditNotePdf } from '#server/modules/sales/credit-note/credit-note.service.ts';
import { getInvoicePdf } from './invoice.service.ts';
import * as invoices from './invoice.repository.ts';

// The buyer's copy (issue 37 §8): once SRI authorizes a document, the buyer gets an e-mail in the
// order's language, under the store's name, with the two files SRI's sheet says the issuer hands
// them: the authorized XML (SRI's `<autorizacion>` file, the kept bytes) and the RIDE as a PDF.
// * Queued by the SRI job in the very transaction that writes `authorized` (runSri's last step),
//   which is taken once per document; the job's key makes a second enqueue add nothing.
// * The job's payload names the document only: the files are read when the mail is sent, never
//   kept as JSON in the queue (an authorized file and a RIDE weigh tens of kilobytes each).
// * Sent at least once, as every job (decision 024): an SMTP failure retries with the queue's
//   backoff; a worker that dies between the send and marking the job done may send it again.
// * An invoice without an e-mail (the checkout always asks for one): nothing is sent.

export type BuyerCopyPayload = { storeId: number; kind: SriKind; id: number };

/** One buyer's copy per document, ever: the job's key. */
export const buyerCopyJobKey = (doc: SriDoc) => `sri.buyerCopy:${doc.kind}:${doc.id}`;

/** Queues the buyer's copy of a document SRI has just authorized, in the caller's transaction. */
export function queueBuyerCopy(deps: Pick<ServiceDeps, 'db' | 'clock'>, payload: BuyerCopyPayload) {
  return enqueueJob(deps, { kind: 'sri.buyerCopy', payload, key: buyerCopyJobKey(payload) });
}

type Copy = {
  to: string;
  locale: Locale;
  orderId: number;
  order: { number: number; code: string; name: string };
  subjectKey: 'buyerCopy.invoice.subject' | 'buyerCopy.creditNote.subject';
  bodyKey: 'buyerCopy.invoice.body' | 'buyerCopy.creditNote.body';
  values: { number: string; invoice: string; totalCents: number; authorization: string; authorizedAt: string };
  testEnvironment: boolean;
  files: MailAttachment[];
};

/** The invoice's copy: its authorized file and its RIDE in the order's language; null when there is nothing to send. */
async function invoiceCopy(deps: ServiceDeps, scope: StoreScope, id: number): Promise<Copy | null> {
  const invoice = await invoices.findInvoice(deps.db, scope, id);
  const files = await sri.findSriFiles(deps.db, scope, { kind: 'invoice', id });
  if (!invoice || invoice.sriStatus !== 'authorized' || !files?.sriAuthorizedXml) return null;
  const order = await invoices.orderOfDocument(deps.db, scope, invoice.orderId);
  if (!order || invoice.buyerEmail.trim() === '') return null;
  const locale = asLocale(order.locale);
  const { pdf } = await getInvoicePdf(deps, scope, id, locale);
  return {
    to: invoice.buyerEmail.trim(),
    locale,
    orderId: invoice.orderId,
    order,
    subjectKey: 'buyerCopy.invoice.subject',
    bodyKey: 'buyerCopy.invoice.body',
    values: { number: invoice.number, invoice: invoice.number, totalCents: invoice.totalCents, authorization: invoice.authorizationNumber ?? '', authorizedAt: invoice.authorizedAt ?? '' },
    testEnvironment: invoice.environment !== 2,
    files: [
      { filename: `factura-${invoice.number}.xml`, content: Buffer.from(files.sriAuthorizedXml), contentType: 'application/xml' },
      { filename: `factura-${invoice.number}.pdf`, content: pdf, contentType: 'application/pdf' },
    ],
  };
}

/** A credit note's copy: its authorized file and its RIDE, sent to the address its invoice states. */
async function creditNoteCopy(deps: ServiceDeps, scope: StoreScope, id: number): Promise<Copy | null> {
  const { note, invoice } = await getCreditNote(deps, scope, id);
  const files = await sri.findSriFiles(deps.db, scope, { kind: 'creditNote', id });
  if (note.sriStatus !== 'authorized' || !files?.sriAuthorizedXml) return null;
  const order = await invoices.orderOfDocument(deps.db, scope, note.orderId);
  if (!order || invoice.buyerEmail.trim() === '') return null;
  const locale = asLocale(order.locale);
  const { pdf } = await getCreditNotePdf(deps, scope, id, locale);
  return {
    to: invoice.buyerEmail.trim(),
    locale,
    orderId: note.orderId,
    order,
    subjectKey: 'buyerCopy.creditNote.subject',
    bodyKey: 'buyerCopy.creditNote.body',
    values: { number: note.number, invoice: invoice.number, totalCents: note.totalCents, authorization: note.authorizationNumber ?? '', authorizedAt: note.authorizedAt ?? '' },
    testEnvironment: note.environment !== 2,
    files: [
      { filename: `nota-credito-${note.number}.xml`, content: Buffer.from(files.sriAuthorizedXml), contentType: 'application/xml' },
      { filename: `nota-credito-${note.number}.pdf`, content: pdf, contentType: 'application/pdf' },
    ],
  };
}

/** How each kind of document makes its copy. */
const COPIES: Partial<Record<SriKind, (deps: ServiceDeps, scope: StoreScope, id: number) => Promise<Copy | null>>> = {
  invoice: invoiceCopy,
  creditNote: creditNoteCopy,
};

/** Whether a kind of document has a buyer's copy to send once authorized. */
export const hasBuyerCopy = (kind: SriKind) => COPIES[kind] !== undefined;

/** The `sri.buyerCopy` job's handler (invoice-jobs.ts). */
export async function sendBuyerCopy(deps: ServiceDeps, payload: BuyerCopyPayload): Promise<void> {
  // The job acts for the store its payload names; a deleted store took its documents.
  const scope = await staffStoreScope(deps, payload.storeId).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
  const make = COPIES[payload.kind];
  if (!scope || !make) return;
  const copy = await make(deps, scope, payload.id);
  if (!copy) {
    deps.log.info({ storeId: payload.storeId, document: { kind: payload.kind, id: payload.id } }, 'no buyer’s copy sent: the document is not authorized or its buyer has no e-mail');
    return;
  }
  const t = translator(copy.locale);
  const store = await getStore(deps, scope);
  const values = {
    number: copy.values.number,
    invoice: copy.values.invoice,
    order: copy.order.number,
    store: store.name,
    total: formatMoney(copy.values.totalCents, copy.locale),
    authorization: copy.values.authorization,
    authorizedAt: formatDate(copy.values.authorizedAt, copy.locale, true),
  };
  const paragraphs = [
    t('buyerCopy.greeting', { name: copy.order.name }),
    t(copy.bodyKey, values),
    t('buyerCopy.files'),
    ...(copy.testEnvironment ? [t('buyerCopy.testEnvironment')] : []),
  ].map(String);
  // In the shopper's e-mails' layout, with the order and the way to its page, in the store's name
  // and answered by the store (issue 40 §5); to the address the invoice states.
  const drawn = await shopperMailData(deps, scope, copy.orderId, { kind: 'document', subject: String(t(copy.subjectKey, values)), paragraphs });
  if (!drawn) return;
  await deps.mailer.send({ ...(await renderShopperMail(copy.to, drawn.data)), attachments: copy.files });
}
