import { Worker } from 'node:worker_threads';
import type { Locale } from '#common/locale.ts';
import { AppError } from '#server/errors.ts';
import type { CreditNoteDocument } from '#server/modules/sales/credit-note/credit-note-document.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import type { RenderAnswer, RenderDocument, RenderRequest } from './invoice-pdf-worker.ts';

// RIDEs are rendered on one worker thread per process (issue 36 §4): eight loops fetching a 50-line
// invoice's PDF raised a bystander's /healthz p99 from 20 to 1,002 ms while the request's own event
// loop rendered them. Documents wait here, in the main thread, one sent at a time; past
// `maxQueued` waiting or in hand the caller is told to come back (503 + Retry-After) rather than
// queue without end. The thread starts on the first document, or at `warmUp()` (the server calls
// it once listening: the stack's first document took 6 s cold), and does not hold the process
// open while idle.

/** Documents waiting or in hand past which a new one is refused: ~2 s of 50-line RIDEs. */
export const MAX_QUEUED_RENDERS = 8;
/** What a refused caller is told to wait: a few documents' time. */
const BUSY_RETRY_SECONDS = 5;

type Job = { request: RenderRequest; resolve: (pdf: Buffer) => void; reject: (error: Error) => void };

export type RendererStats = {
  /** Whether a worker thread is running. */
  running: boolean;
  /** Whether the running thread has rendered its warm-up document. */
  warm: boolean;
  /** Documents the worker threads rendered for callers (warm-ups not counted). */
  renders: number;
  /** The thread that rendered the last document (0, the main thread, if none yet). */
  lastThreadId: number;
  /** Documents waiting or in hand. */
  queued: number;
};

export function createInvoicePdfRenderer(options: { maxQueued?: number } = {}) {
  const maxQueued = options.maxQueued ?? MAX_QUEUED_RENDERS;
  let worker: Worker | null = null;
  let warm = false;
  let warmed: Promise<void> = Promise.resolve();
  let renders = 0;
  let lastThreadId = 0;
  let nextId = 1;
  let current: Job | null = null;
  const waiting: Job[] = [];
  let drained: Array<() => void> = [];

  function start(): Worker {
    if (worker) return worker;
    const thread = new Worker(new URL('./invoice-pdf-worker.ts', import.meta.url), { name: 'invoice-pdf' });
    thread.unref(); // an idle renderer never keeps a process (a test run, a script) alive
    worker = thread;
    warm = false;
    warmed = new Promise((resolve) => {
      thread.on('message', (answer: RenderAnswer) => {
        if (answer.kind === 'ready') {
          warm = true;
          resolve();
          return;
        }
        const job = current;
        if (!job || job.request.id !== answer.id) return;
        current = null;
        if (answer.kind === 'done') {
          renders += 1;
          lastThreadId = answer.threadId;
          job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
        } else {
          job.reject(new Error(`invoice PDF render failed: ${answer.message}`));
        }
        next();
      });
      // A thread that dies (out of memory, a crash in the stack) fails the document in hand only;
      // the next one starts a new thread.
      thread.once('exit', (code) => {
        resolve();
        if (worker === thread) worker = null;
        warm = false;
        const job = current;
        current = null;
        job?.reject(new Error(`the invoice PDF worker stopped (exit code ${code})`));
        next();
      });
      thread.on('error', () => {}); // reported by 'exit' above, with the document it failed
    });
    return thread;
  }

  function next() {
    if (current) return;
    const job = waiting.shift();
    if (!job) {
      worker?.unref();
      for (const resolve of drained) resolve();
      drained = [];
      return;
    }
    current = job;
    const thread = start();
    thread.ref(); // a document in hand keeps the process until it is answered
    thread.postMessage(job.request);
  }

  function renderDocument(document: RenderDocument, locale: Locale): Promise<Buffer> {
    if (waiting.length + (current ? 1 : 0) >= maxQueued) {
      return Promise.reject(new AppError('invoice.pdfBusy', 503, { retryAfterSeconds: BUSY_RETRY_SECONDS }));
    }
    return new Promise<Buffer>((resolve, reject) => {
      waiting.push({ request: { ...document, id: nextId++, locale }, resolve, reject });
      next();
    });
  }

  return {
    /** The RIDE of an invoice as PDF bytes, rendered on the worker thread; 503 when too many wait. */
    render(doc: InvoiceDocument, locale: Locale): Promise<Buffer> {
      return renderDocument({ kind: 'invoice', doc }, locale);
    },

    /** The RIDE of a credit note (issue 37 §7), on the same thread and queue as invoices'. */
    renderCreditNote(doc: CreditNoteDocument, locale: Locale): Promise<Buffer> {
      return renderDocument({ kind: 'creditNote', doc }, locale);
    },

    /** Starts the thread and has it render its warm-up document, off the caller's event loop. */
    warmUp(): Promise<void> {
      start();
      return warmed;
    },

    stats(): RendererStats {
      return { running: worker !== null, warm, renders, lastThreadId, queued: waiting.length + (current ? 1 : 0) };
    },

    /** Lets the documents asked for finish, then ends the thread (the app's `onClose`). */
    async close(): Promise<void> {
      if (current || waiting.length > 0) await new Promise<void>((resolve) => drained.push(resolve));
      const thread = worker;
      worker = null;
      warm = false;
      await thread?.terminate();
    },
  };
}

export type InvoicePdfRenderer = ReturnType<typeof createInvoicePdfRenderer>;

/** The process's renderer: one worker thread, whatever number of apps or requests use it. */
export const invoicePdfRenderer = createInvoicePdfRenderer();
