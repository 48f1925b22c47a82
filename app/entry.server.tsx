import { Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router';
import { appContext } from '#app-context';
// Pages render in either language on the server: both message catalogs are loaded.
import '#common/i18n/all-languages.ts';
import { NonceProvider } from './components/nonce.tsx';
import { declaresSharedRender } from './lib/shared-render.ts';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { cspNonce: nonce, sharedRender, user } = loadContext.get(appContext);
  // A logged-in user's page never stays in a cache: after logout, Back must not show it again.
  if (user) responseHeaders.set('Cache-Control', 'no-store');
  // Crawlers and SPA-mode get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          // A page every anonymous visitor sees alike is kept whole, once it has rendered without
          // error, for the page cache to serve to the next ones (server/plugins/page-cache.ts).
          const keep =
            sharedRender !== null &&
            responseStatusCode === 200 &&
            !responseHeaders.has('set-cookie') &&
            declaresSharedRender(routerContext);
          const chunks: Buffer[] = [];
          const body = new Transform({
            transform(chunk: Buffer, _encoding, callback) {
              if (keep) chunks.push(chunk);
              callback(null, chunk);
            },
            flush(callback) {
              if (keep && !failed) sharedRender.store(Buffer.concat(chunks), responseHeaders);
              callback();
            },
          });
          // Done streaming: the abort timer must not keep this render alive for seconds more.
          body.on('close', () => clearTimeout(timer));
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/** The same for the data of a client-side navigation (`*.data`). */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  if (context.get(appContext).user) response.headers.set('Cache-Control', 'no-store');
  return response;
};

/** The status a thrown loader or middleware answer stands for; anything else is a failure (500). */
function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof Response) return error.status;
  return 500;
}

// An error in a loader or action is a line at error level in the request's own log (with its
// request id), so every 500 a page answers can be found (issue 9); console.error reached no log.
// A 4xx thrown on purpose (an unknown id, another store's record: `data(null, { status: 404 })`)
// is no failure of the server: one info line with its real status, not an error line carrying the
// "Internal Server Error" that React Router gives a thrown `data()` without a statusText (issue 20 §8).
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  let log: { error: (details: object, message: string) => void; info: (details: object, message: string) => void } | undefined;
  try {
    log = (context as RouterContextProvider).get(appContext).log;
  } catch {
    // No load context (a request React Router answered before the app's context was made).
  }
  const status = statusOf(error);
  if (status < 500) {
    log?.info({ status, url: new URL(request.url).pathname }, 'page answered a client error');
    return;
  }
  if (log) log.error({ err: error }, 'page failure');
  else console.error(error);
};
