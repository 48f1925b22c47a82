import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import { fastify, type FastifyError, type FastifyServerOptions, LogController } from 'fastify';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { appContext } from '#server/request-context.ts';
import { buildRoutes } from '#server/builds.ts';
import { type Config, loggerOptions } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { healthRoutes } from '#server/health.ts';
import { createBotCheck } from '#server/captcha/bot-check.ts';
import { botCheckRoutes } from '#server/captcha/bot-check.api.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { startJobWorker } from '#server/modules/job/job.service.ts';
import { stopSender } from '#server/modules/webhook/webhook-sender.ts';
import { sessionCookieName } from '#server/modules/auth/session.service.ts';
import { readCookie } from '#server/plugins/cookies.ts';
import { csrfGuard } from '#server/plugins/csrf.ts';
import { localeRedirects } from '#server/plugins/locale.ts';
import { renamedPaths } from '#server/plugins/renamed-paths.ts';
import { maintenanceGate } from '#server/plugins/maintenance.ts';
import { pageCache } from '#server/plugins/page-cache.ts';
import { pageBodies, sendTooLarge } from '#server/plugins/page-bodies.ts';
import { lingeringClose } from '#server/plugins/lingering-close.ts';
import { compressHtml } from '#server/plugins/compress-html.ts';
import { shopRoutes } from '#server/modules/shop/shop.routes.ts';
import { invoiceShopRoutes } from '#server/modules/sales/invoice/invoice-shop.routes.ts';
import { invoicePdfRenderer } from '#server/modules/sales/invoice/invoice-pdf-renderer.ts';
import { mediaRoutes } from '#server/modules/upload/image-variants.api.ts';
import { nulGuard } from '#server/plugins/nul-guard.ts';
import { DomainDirectory } from '#server/modules/domain/domain-directory.ts';
import { domainRewrite, domainRouting } from '#server/modules/domain/domain-routing.ts';
import { requestLog } from '#server/plugins/request-log.ts';
import { securityHeaders } from '#server/plugins/security-headers.ts';
import { type Clock } from '#server/service-deps.ts';
import { createServiceDeps, HOURLY_CHORES, JOB_HANDLERS } from '#server/composition.ts';
import { trustProxyOption } from '#server/trust-proxy.ts';
import { createServices } from '#server/services.ts';

export type AppOptions = {
  config: Config;
  db: Db;
  /** Vite's dev server in `npm run dev`; absent in production and tests (built app). */
  devServer?: ViteDevServer;
  /**
   * Override the React Router build (tests). React Router calls a function on every request and
   * derives its routes again each time: hand it the module, unless no page is ever served
   * (scripts/api-document.ts).
   */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  logger?: FastifyServerOptions['logger'];
  /** Tests pass a mailer that delivers to their own SMTP server. */
  mailer?: Mailer;
  /** The services' time: the system's unless a test fixes it. */
  clock?: Clock;
};

const SERVER_BUILD = 'build/server/index.js';
const CLIENT_BUILD = 'build/client';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;


/** Builds the whole HTTP app without listening: `main.ts` listens, tests `inject()`. */
export async function buildApp(options: AppOptions) {
  const { config, db } = options;
  const development = Boolean(options.devServer);
  // A storefront process (decision 104) never loads the dashboard's React Router build, the API or
  // the job queue (and with it the mail libraries): ~40 MiB less resident, and less heap to grow.
  const storefrontOnly = config.role === 'storefront';
  const app = fastify({
    logger: options.logger ?? loggerOptions(config),
    // Our own one line per request (plugins/request-log.ts) replaces Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    // Keep a caller's id when it looks like one, so a request can be followed across services.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Off: it would answer every request during close, /healthz too, with a bare 503 before any
    // route; server/health.ts says "stopping" and serves the stragglers instead (decision 098).
    return503OnClosing: false,
    // A store's own domain (decision 100): its every path is the storefront's, routed as `/shop/~domain/…`.
    rewriteUrl: domainRewrite(new URL(config.publicUrl).hostname),
  });

  // Built once for the life of the app: every loader, action and API route uses these.
  const services = createServices(createServiceDeps({ db, config, log: app.log, mailer: options.mailer, clock: options.clock }));
  const botCheck = createBotCheck(config);
  const cookieName = sessionCookieName(config);

  await app.register(requestLog);
  // The last resort for errors no route's own handler answered. Fastify's default handler logs
  // nothing once request logging is off, and would send a 500's message (a parser's, a driver's)
  // to the client: a 4xx keeps its status, a 5xx is logged with its stack and answered generically.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // A form past its route's own limit (the storefront's 64 KB), cut as it streamed: the page's words.
    if (status === 413) return sendTooLarge(request, reply);
    return reply.code(status).send({ error: status >= 500 ? 'internal' : (error.code ?? 'bad_request'), message: status >= 500 ? 'Internal server error' : error.message });
  });
  await app.register(csrfGuard);
  await app.register(pageBodies);
  // An answer given before the body was read (413) reaches the client instead of a reset.
  await app.register(lingeringClose);
  await app.register(nulGuard);
  await app.register(securityHeaders, { hsts: config.secure, viteDevServer: development });
  // Every page's HTML leaves compressed, rendered or served from the page cache (issue 22 §7).
  await app.register(compressHtml);
  // The configuration's MAINTENANCE_MODE, or the back office's switch in the database (decision 092).
  // Before the language redirects and the caches: a custom host's request becomes its store's (or a 404).
  await app.register(domainRouting, { directory: new DomainDirectory(db, { ttlMs: config.shopCache.versionMs }), platformHost: new URL(config.publicUrl).hostname, publicUrl: config.publicUrl });
  await app.register(maintenanceGate, { state: async () => (config.maintenanceMode ? 'config' : (await services.settings.maintenanceOn()) ? 'admin' : 'off') });
  await app.register(renamedPaths);
  await app.register(localeRedirects, { secureCookies: config.secure });
  // After every hook above, so a page served from memory gets the same checks and headers.
  if (!storefrontOnly) await app.register(pageCache, { sessionCookie: cookieName, maxBytes: config.pageCacheBytes, bypass: () => config.maintenanceMode || services.settings.maintenanceLastKnown() || development });
  await app.register(healthRoutes, { db, storage: services.deps.storage });
  await app.register(buildRoutes, {});
  await app.register(botCheckRoutes, { botCheck });
  if (storefrontOnly) await app.register(mediaRoutes, { services });
  else await app.register((await import('#server/api/api.ts')).apiPlugin, { services });
  // The public storefront: whole HTML pages of its own, no React runtime (decision 047).
  await app.register(shopRoutes, { services, botCheck });
  // The shopper's invoice PDF, beside the storefront and scoped by the order's code.
  await app.register(invoiceShopRoutes, { services });

  if (storefrontOnly) {
    // The files the storefront's pages link (the favicon, the payment logos, the built assets), with
    // the cache headers the React Router plugin gives them in a process that serves everything.
    await app.register(fastifyStatic, {
      root: path.resolve(CLIENT_BUILD),
      wildcard: false,
      cacheControl: false,
      dotfiles: 'ignore',
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.startsWith(path.resolve(CLIENT_BUILD, 'assets')) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  } else await app.register(fastifyReactRouter, {
    devServer: options.devServer,
    // The built app is imported once at start, not looked up again on every request.
    ...(options.devServer ? {} : { build: options.build ?? ((await import(pathToFileURL(path.resolve(SERVER_BUILD)).href)) as ServerBuild) }),
    // The built app always runs in production mode: errors reach the browser sanitised, never
    // with a stack trace, whatever NODE_ENV says. Only Vite's dev server runs in development mode.
    mode: development ? 'development' : 'production',
    staticOptions: { preCompressed: true },
    getLoadContext(request) {
      const sessionToken = readCookie(request.headers.cookie, cookieName);
      const context = new RouterContextProvider();
      context.set(appContext, {
        services,
        config,
        requestId: String(request.id),
        log: request.log,
        cspNonce: request.cspNonce,
        maintenance: request.maintenance,
        ip: request.ip,
        botCheck,
        sessionToken,
        user: null, // resolved by the root middleware, so a failure shows the error screen
        sharedRender: request.sharedRender,
      });
      return context;
    },
  });

  // Mails (and later PDFs, reminders) leave through the queue: every server process but a
  // storefront's runs a worker (started last, once nothing can fail any more), and closing the app
  // lets the job in hand finish. A storefront's jobs wait for the next poll of another process.
  if (!storefrontOnly) {
    const jobWorker = startJobWorker(services.deps, { ...config.jobs, handlers: JOB_HANDLERS, chores: HOURLY_CHORES });
    app.addHook('onClose', () => jobWorker.stop());
  }
  // Webhook attempts in flight end before the database closes (their leases would send them again anyway).
  app.addHook('onClose', () => stopSender(services.deps));
  // RIDEs render on a worker thread (issue 36 §4), started when this process first issues an invoice
  // or is asked for a PDF, not at start: the warm thread holds ~100 MiB (decision 083). Closing lets
  // the documents asked for finish, then ends it.
  app.addHook('onClose', () => invoicePdfRenderer.close());

  return app;
}
