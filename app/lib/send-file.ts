/**
 * Sends a file as a request's whole body with XMLHttpRequest — fetch() reports no upload progress —
 * and resolves with the status and the JSON answer (null when there is none, status 0 when no
 * answer came). `onProgress` gets 0–100 while the bytes go out.
 */
export function sendFile(url: string, file: Blob, contentType: string, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response as unknown });
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.onabort = () => resolve({ status: 0, body: null });
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
