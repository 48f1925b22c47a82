import type { MessageKey } from '#common/i18n/messages.ts';
import type { UploadPurpose } from '#common/upload-limits.ts';

// One file to POST /api/v1/uploads with its progress (fetch cannot report an upload's progress, so
// XMLHttpRequest), for the fields that upload as soon as a file is chosen.

export const UPLOADS_URL = '/api/v1/uploads';

export type SentFile = { id: string; name: string; size: number; type?: string };
/** A refusal is one of our message keys (translated in the page's language) or the server's own message. */
export type UploadRefusal = { key: MessageKey } | { message: string };
export type UploadOutcome = { ok: true; file: SentFile } | ({ ok: false } & UploadRefusal) | { ok: false; aborted: true };

const STATUS_KEYS: Record<number, MessageKey> = { 401: 'upload.unauthorized', 404: 'upload.notFound', 413: 'upload.fileSize', 415: 'upload.fileType' };
const ERROR_KEYS = new Set<string>(['upload.fileSize', 'upload.fileType', 'upload.notFound', 'upload.missing']);

/** The server's refusal as a message key of ours when it is one (the page's language wins), else its message. */
function refusal(status: number, body: unknown): UploadRefusal {
  const answer = (body ?? {}) as { error?: unknown; message?: unknown };
  if (typeof answer.error === 'string' && ERROR_KEYS.has(answer.error)) return { key: answer.error as MessageKey };
  if (typeof answer.message === 'string' && answer.message) return { message: answer.message };
  return { key: STATUS_KEYS[status] ?? 'error.generic' };
}

/** Starts the upload; `abort` stops it (the outcome is then `aborted`). */
export function sendUpload(file: File, purpose: UploadPurpose, onProgress: (percent: number) => void): { outcome: Promise<UploadOutcome>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const outcome = new Promise<UploadOutcome>((resolve) => {
    xhr.open('POST', UPLOADS_URL);
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status === 201 && xhr.response && typeof xhr.response.id === 'string') resolve({ ok: true, file: xhr.response as SentFile });
      else resolve({ ok: false, ...refusal(xhr.status, xhr.response) });
    };
    xhr.onerror = () => resolve({ ok: false, key: 'upload.network' });
    xhr.onabort = () => resolve({ ok: false, aborted: true });
    const body = new FormData();
    body.append('purpose', purpose);
    body.append('file', file, file.name);
    xhr.send(body);
  });
  return { outcome, abort: () => xhr.abort() };
}

/** Deletes an upload no record uses yet (a removed, unsaved choice) instead of leaving it to the clean-up job. */
export function discardUpload(id: string): void {
  void fetch(`${UPLOADS_URL}/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch(() => {});
}
