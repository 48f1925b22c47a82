import { AppError } from '#server/errors.ts';
import { emit } from '#server/events/events.ts';
import { retryDelay } from '#server/modules/job/job-queue.ts';
import { signForStore, SriCertificateError } from '#server/modules/sales/sri-certificate/sri-certificate.service.ts';
import { staffStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { getCreditNote } from '#server/modules/sales/credit-note/credit-note.service.ts';
import { creditNoteXml } from '#server/modules/sales/credit-note/credit-note-xml.ts';
import { type CreditNoteSriPayload, FINAL, type InvoiceSriPayload } from './invoice-sri-queue.ts';
import type { SriDoc } from './invoice-sri.repository.ts';
import * as sri from './invoice-sri.repository.ts';
import { invoiceXml, xmlText } from './invoice-xml.ts';
import { askAuthorization, SRI_MESSAGE, sendComprobante, type SriAuthorization, type SriMessage, sriEndpoints, SriUnreachableError } from './sri-client.ts';
import { getInvoice } from './invoice.service.ts';
import { hasBuyerCopy, queueBuyerCopy } from './sri-buyer-copy.ts';

// The `invoice.sri` job (issue 37 §6): signs an issued invoice with the store's certificate, sends
// it to SRI's reception, and asks SRI's authorization for it, keeping each step before the next:
//   issued → signed → received → authorized | rejected
// * Without a usable certificate the invoice stays `issued`, with the reason, and the job ends: no
//   retry is spent on what waiting does not mend. Uploading one queues the store's waiting invoices.
// * SRI unreachable (refused, timed out, an answer that is not SRI's) or still processing (EN
//   PROCESO, or no authorization yet): the job fails, and the queue runs it again with backoff.
// * Never sent twice: once the reception has been called, a later run first asks the authorization
//   for the key, and sends only when SRI has none. 43 (key already registered) and 70 (key in
//   process) on a send mean SRI has the document: the job asks its authorization.
// * DEVUELTA (35 structure, 45 sequence taken, …) or NO AUTORIZADO (39 signature, …): `rejected`,
//   with SRI's message. The number and the key stay the invoice's: it is never renumbered.
// * AUTORIZADO: SRI's `<autorizacion>` file is kept as the invoice's XML from then on, with the
//   comprobante exactly as SRI returned it.

/** Signs a comprobante's XML with the store's certificate (the signing API, issue 37 §5). */
export type SignComprobante = (deps: ServiceDeps, scope: StoreScope, xml: string) => Promise<string>;

/** SRI has the document but no verdict yet: tried again later. */
export class SriPendingError extends Error {
  override name = 'SriPendingError';
}

/** The message shown for a step: SRI's first error, else its first message. */
const mainMessage = (messages: readonly SriMessage[]) => messages.find((m) => m.type === 'ERROR') ?? messages[0];

const messageColumns = (message: SriMessage | undefined) => ({
  sriMessageId: message?.id.slice(0, 10) || null,
  sriMessage: message?.message.slice(0, 300) || null,
  sriMessageDetail: message?.detail.slice(0, 2000) || null,
  sriMessageType: message?.type.slice(0, 20) || null,
});

/** SRI's authorized file: the `<autorizacion>` element Ecuadorian systems exchange, with the comprobante as SRI returned it. */
export function authorizedFile(authorization: SriAuthorization): string {
  const messages = authorization.messages.length === 0
    ? '<mensajes/>'
    : `<mensajes>${authorization.messages.map((m) => `<mensaje><identificador>${xmlText(m.id)}</identificador><mensaje>${xmlText(m.message)}</mensaje>${m.detail ? `<informacionAdicional>${xmlText(m.detail)}</informacionAdicional>` : ''}<tipo>${xmlText(m.type)}</tipo></mensaje>`).join('')}</mensajes>`;
  // A CDATA section cannot hold `]]>`: split there, as any XML writer does.
  const comprobante = `<![CDATA[${authorization.document.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<autorizacion>\n' +
    `  <estado>${xmlText(authorization.state)}</estado>\n` +
    `  <numeroAutorizacion>${xmlText(authorization.number)}</numeroAutorizacion>\n` +
    `  <fechaAutorizacion>${xmlText(authorization.authorizedAt)}</fechaAutorizacion>\n` +
    `  <ambiente>${xmlText(authorization.environment)}</ambiente>\n` +
    `  <comprobante>${comprobante}</comprobante>\n` +
    `  ${messages}\n</autorizacion>\n`
  );
}

/** The `invoice.sri` job's handler (invoice-jobs.ts). `sign` is the signing API's; a test may hand its own signer. */
export function runInvoiceSri(deps: ServiceDeps, payload: InvoiceSriPayload, sign: SignComprobante = signForStore): Promise<void> {
  return runSri(deps, payload.storeId, { kind: 'invoice', id: payload.invoiceId }, async (scope) => invoiceXml(await getInvoice(deps, scope, payload.invoiceId)), sign);
}

/** The `creditNote.sri` job's handler: a credit note goes the invoice's way (issue 37 §7). */
export function runCreditNoteSri(deps: ServiceDeps, payload: CreditNoteSriPayload, sign: SignComprobante = signForStore): Promise<void> {
  return runSri(deps, payload.storeId, { kind: 'creditNote', id: payload.creditNoteId }, async (scope) => creditNoteXml(await getCreditNote(deps, scope, payload.creditNoteId)), sign);
}

/** Signs, sends and asks the authorization of one document, each step kept before the next. */
async function runSri(deps: ServiceDeps, storeId: number, doc: SriDoc, comprobante: (scope: StoreScope) => Promise<string>, sign: SignComprobante): Promise<void> {
  // The job acts for the store its payload names, as the back office would (a deleted store took its documents).
  const store = await staffStoreScope(deps, storeId).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
  if (!store) return;
  const now = () => deps.clock.now().toISOString();
  let state = await sri.findSriState(deps.db, store, doc);
  if (!state || FINAL.has(state.sriStatus)) return;
  const attempt = state.sriAttempts + 1;
  const call = { endpoints: sriEndpoints(deps.config, state.environment), timeoutMs: deps.config.sri.timeoutMs };

  /**
   * Takes one step: the invoice's columns and the events that say it, together, and what follows from
   * it (`then`, the buyer's copy of an authorization); false when another run took it first.
   */
  const step = async (from: string, values: sri.SriValues, events: Omit<sri.SriEventValues, 'createdAt'>[], then?: (tx: ServiceDeps) => Promise<unknown>) =>
    inTransaction(deps, async (tx) => {
      const moved = await sri.updateSriState(tx.db, store, doc, from, { ...values, updatedAt: now() });
      if (moved) await sri.insertSriEvents(tx.db, store, doc, events.map((event) => ({ ...event, createdAt: now() })));
      if (moved && then) await then(tx);
      return moved;
    });
  const events = (status: string, stepName: sri.SriEventValues['step'], messages: readonly SriMessage[], waiting: string | null = null) =>
    (messages.length > 0 ? messages : [undefined]).map((m) => ({
      status, step: stepName, waiting,
      messageId: m?.id.slice(0, 10) || null, message: m?.message.slice(0, 300) || null, messageDetail: m?.detail.slice(0, 2000) || null, messageType: m?.type.slice(0, 20) || null,
    }));
  const reload = async () => (state = await sri.findSriState(deps.db, store, doc));

  /** SRI's verdict on the key: authorized or rejected, or still in process (the job tries again). */
  const settle = async (from: string, authorization: SriAuthorization) => {
    const message = mainMessage(authorization.messages);
    if (authorization.state === 'EN PROCESO') throw new SriPendingError('SRI is still processing the invoice (EN PROCESO)');
    if (authorization.state === 'NO AUTORIZADO') {
      await step(from, { sriStatus: 'rejected', ...messageColumns(message), sriWaiting: null, sriNextAttemptAt: null, sriAttempts: attempt }, events('rejected', 'authorize', authorization.messages));
      return;
    }
    const authorizedAt = Date.parse(authorization.authorizedAt);
    if (Number.isNaN(authorizedAt) || authorization.document.trim() === '' || authorization.number === '') {
      throw new SriUnreachableError('malformed', 'SRI authorized the invoice without its number, date or document');
    }
    await step(from, {
      sriStatus: 'authorized',
      sriAuthorizedXml: Buffer.from(authorizedFile(authorization), 'utf8'),
      authorizationNumber: authorization.number.slice(0, 49),
      authorizedAt: new Date(authorizedAt).toISOString(),
      ...messageColumns(message), sriWaiting: null, sriNextAttemptAt: null, sriAttempts: attempt,
    }, events('authorized', 'authorize', authorization.messages), async (tx) => {
      if (doc.kind === 'invoice' && state) {
        await emit(tx, {
          type: 'invoice.authorized',
          storeId,
          resource: { kind: 'invoice', id: doc.id, label: state.number },
          data: { id: doc.id, number: state.number, accessKey: state.accessKey, environment: state.environment, sriStatus: 'authorized', authorizationNumber: authorization.number.slice(0, 49), authorizedAt: new Date(authorizedAt).toISOString() },
          changes: { sriStatus: [from, 'authorized'] },
        });
      }
      // The buyer's e-mail with both files (issue 37 §8), in the commit that authorizes: exactly one.
      // Queued here, not by a subscriber: it is this job's own next step, for credit notes too.
      if (hasBuyerCopy(doc.kind)) await queueBuyerCopy(tx, { storeId, kind: doc.kind, id: doc.id });
    });
  };

  try {
    if (state.sriStatus === 'issued') {
      const xml = await comprobante(store);
      let signed: string;
      try {
        signed = await sign(deps, store, xml);
      } catch (error) {
        if (!(error instanceof SriCertificateError)) throw error;
        // Parked: nothing SRI says, our reason instead (an i18n key); the job ends without a retry.
        await step('issued', { sriWaiting: 'certificate', sriMessageId: null, sriMessage: error.code, sriMessageDetail: null, sriMessageType: null, sriNextAttemptAt: null }, events('issued', 'sign', [], 'certificate'));
        deps.log.info({ storeId, document: doc, reason: error.code }, 'SRI document left unsigned: the store has no usable certificate; it is sent once one is uploaded');
        return;
      }
      if (!(await step('issued', { sriStatus: 'signed', sriSignedXml: Buffer.from(signed, 'utf8'), sriWaiting: null, sriMessageId: null, sriMessage: null, sriMessageDetail: null, sriMessageType: null }, events('signed', 'sign', [])))) return;
      await reload();
    }

    if (state?.sriStatus === 'signed') {
      // Sent before, its answer lost (a timeout, a dropped connection): SRI may have it. Ask first.
      if (state.sriSentAt) {
        const known = await askAuthorization(call, state.accessKey);
        if (known) {
          if (!(await step('signed', { sriStatus: 'received', sriWaiting: null }, events('received', 'authorize', [])))) return;
          await settle('received', known);
          return;
        }
      }
      if (!state.sriSignedXml) throw new Error(`${doc.kind} ${doc.id} is signed but keeps no signed XML`);
      // Noted before the call, so that a run after a lost answer knows it may have arrived.
      await sri.updateSriState(deps.db, store, doc, 'signed', { sriSentAt: state.sriSentAt ?? now(), sriAttempts: attempt, updatedAt: now() });
      const reception = await sendComprobante(call, state.sriSignedXml);
      const already = reception.messages.find((m) => m.id === SRI_MESSAGE.keyRegistered || m.id === SRI_MESSAGE.keyInProcess);
      if (reception.state === 'DEVUELTA' && !already) {
        const message = mainMessage(reception.messages);
        await step('signed', { sriStatus: 'rejected', ...messageColumns(message), sriWaiting: null, sriNextAttemptAt: null, sriAttempts: attempt }, events('rejected', 'send', reception.messages));
        return;
      }
      // RECIBIDA; or DEVUELTA with 43/70: SRI has this key already, from a send whose answer was lost.
      if (!(await step('signed', { sriStatus: 'received', ...messageColumns(already), sriWaiting: null, sriNextAttemptAt: null, sriAttempts: attempt }, events('received', 'send', reception.messages)))) return;
      await reload();
    }

    if (state?.sriStatus === 'received') {
      const authorization = await askAuthorization(call, state.accessKey);
      if (!authorization) throw new SriPendingError('SRI has no authorization for the invoice yet');
      await settle('received', authorization);
    }
  } catch (error) {
    if (!(error instanceof SriUnreachableError || error instanceof SriPendingError)) throw error;
    // The queue runs the job again after its backoff; the invoice says why it waits and until when.
    const current = await sri.findSriState(deps.db, store, doc);
    const waiting = error instanceof SriPendingError ? 'processing' : 'unreachable';
    const nextAttemptAt = new Date(deps.clock.now().getTime() + retryDelay(deps.config.jobs.retryMs, attempt)).toISOString();
    if (current) await sri.updateSriState(deps.db, store, doc, current.sriStatus, { sriWaiting: waiting, sriAttempts: attempt, sriNextAttemptAt: nextAttemptAt, updatedAt: now() });
    throw error;
  }
}

