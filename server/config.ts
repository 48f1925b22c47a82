import net from 'node:net';
import os from 'node:os';
import { z } from 'zod';
import { parseStorageUrl, type StorageTarget } from '#server/storage/storage-url.ts';

// Development-only secret; refusing it when served over HTTPS is the point of naming it.
export const DEV_SECRET = 'dev-only-insecure-secret-change-me-0123456789';

const flag = (byDefault: '0' | '1' = '0') =>
  z
    .enum(['0', '1', 'true', 'false', ''])
    .default(byDefault)
    .transform((value) => value === '1' || value === 'true');

// proxy-addr's names for ranges (Fastify's trustProxy takes them as its own list does).
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of a TRUST_PROXY list: an address, a CIDR range, or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY (decision 079): which hops in front of the app are our own proxies, as Fastify's
 * `trustProxy` takes them: a hop count (`1`: Caddy on this host) or a comma-separated list of proxy
 * addresses or ranges. The client is the first untrusted hop from the right of X-Forwarded-For.
 * `true`, which trusts every hop and so the left end a client writes itself, is refused.
 */
function trustedProxies(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const text = value.trim();
  if (text === '' || text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 16) return hops;
    ctx.addIssue({ code: 'custom', message: 'counts the proxies in front of the app: at most 16' });
    return z.NEVER;
  }
  if (text === 'true') {
    ctx.addIssue({ code: 'custom', message: '`true` would take the client address a client writes itself: give the number of proxies in front (1 for Caddy on this host) or their addresses' });
    return z.NEVER;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    ctx.addIssue({ code: 'custom', message: `is a number of proxies or a list of their addresses (127.0.0.1, 10.0.0.0/8, loopback); not an address: ${wrong.map((entry) => JSON.stringify(entry)).join(', ')}` });
    return z.NEVER;
  }
  return entries;
}

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('data'),
    // Where uploaded files live (decision 097): local disk under DATA_DIR by default, or an S3 bucket.
    STORAGE_URL: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const target = parseStorageUrl(value);
        if ('problem' in target) {
          ctx.addIssue({ code: 'custom', message: target.problem });
          return z.NEVER;
        }
        return target;
      }),
    DATABASE_URL: z.string().optional(),
    APP_SECRET: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    MAINTENANCE_MODE: flag(),
    DEMO_DATA: flag(),
    TRUST_PROXY: z.string().default('0').transform(trustedProxies),
    // on unless turned off: about 3 µs of CPU a query (decision 042, bench/store-guard.ts)
    STORE_GUARD: flag('1'),
    // A file to append the queries that name no one store to (decision 102); off when unset.
    LOG_STORE_QUERIES: z.string().optional(),
    TEST_WORK_FACTORS: flag(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Tiendabox <no-reply@tiendabox.ec>'),
    RECAPTCHA_SITE_KEY: z.string().optional(),
    RECAPTCHA_SECRET_KEY: z.string().optional(),
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    JOB_POLL_MS: z.coerce.number().int().min(10).default(500),
    JOB_LOCK_MS: z.coerce.number().int().min(1000).default(5 * 60 * 1000),
    JOB_RETRY_MS: z.coerce.number().int().min(10).default(10_000),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    APP_ROLE: z.enum(['all', 'storefront']).default('all'),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    SHOP_CACHE_BYTES: z.coerce.number().int().min(0).max(4 * 1024 ** 3).default(8 * 1024 * 1024),
    PAGE_CACHE_BYTES: z.coerce.number().int().min(0).max(4 * 1024 ** 3).default(4 * 1024 * 1024),
    SHOP_PAGE_VERSION_MS: z.coerce.number().int().min(0).max(1000).default(900),
    // SRI's offline web services (issue 37 §6), per environment the store picks: SRI's own by default.
    SRI_RECEPTION_URL_TEST: z.url().default('https://celcer.sri.gob.ec/comprobantes-electronicos-ws/RecepcionComprobantesOffline?wsdl'),
    SRI_AUTHORIZATION_URL_TEST: z.url().default('https://celcer.sri.gob.ec/comprobantes-electronicos-ws/AutorizacionComprobantesOffline?wsdl'),
    SRI_RECEPTION_URL_PRODUCTION: z.url().default('https://cel.sri.gob.ec/comprobantes-electronicos-ws/RecepcionComprobantesOffline?wsdl'),
    SRI_AUTHORIZATION_URL_PRODUCTION: z.url().default('https://cel.sri.gob.ec/comprobantes-electronicos-ws/AutorizacionComprobantesOffline?wsdl'),
    SRI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
    // The payment gateways' APIs per environment a store picks (issue 39 §8): the gateways' own by
    // default; tests and the browser journeys point them at local doubles of the same protocol.
    // PayPhone answers its test and live apps on one address; the app's token decides which.
    PAYPHONE_API_URL_SANDBOX: z.url().default('https://pay.payphonetodoesposible.com'),
    PAYPHONE_API_URL_LIVE: z.url().default('https://pay.payphonetodoesposible.com'),
    PAYPAL_API_URL_SANDBOX: z.url().default('https://api-m.sandbox.paypal.com'),
    PAYPAL_API_URL_LIVE: z.url().default('https://api-m.paypal.com'),
    PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    // How long a store's activity log keeps its entries (issue 38 §4): a year unless told otherwise.
    ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    // Webhooks to this machine (http://127.0.0.1, http://localhost): development and tests only (issue 38 §5).
    WEBHOOKS_ALLOW_LOOPBACK: z.enum(['0', '1', 'true', 'false']).optional(),
    // Stores' own domains (issue 41 §5, decision 100): the address an apex domain's A record names, and
    // the DNS servers the TXT verification asks (`1.1.1.1,8.8.8.8`, `127.0.0.1:5353`); the system's when unset.
    PUBLIC_IPV4: z.union([z.ipv4(), z.literal('')]).optional(),
    DNS_SERVERS: z.string().optional(),
    // The key the stores' signing certificates are sealed with (issue 37 §5): 32 random bytes in base64.
    CERTIFICATE_KEY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value) return undefined;
        const key = Buffer.from(value, 'base64');
        if (key.length !== 32 || key.toString('base64') !== value.trim()) {
          ctx.addIssue({ code: 'custom', message: 'is 32 random bytes in base64 (openssl rand -base64 32)' });
          return z.NEVER;
        }
        return key;
      }),
  })
  .superRefine((env, ctx) => {
    // docs/decisions/026-run-mode.md: NODE_ENV picks the libraries' build only; serving the public is
    // told by an https PUBLIC_URL, and that alone turns on the secure settings and their checks.
    const publicUrl = env.PUBLIC_URL ? new URL(env.PUBLIC_URL) : undefined;
    if (env.NODE_ENV === 'production' && publicUrl?.protocol === 'http:' && !LOOPBACK.has(publicUrl.hostname)) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'PUBLIC_URL must be https:// when serving anything but this machine' });
    }
    if (publicUrl?.protocol !== 'https:') return;
    if (env.WEBHOOKS_ALLOW_LOOPBACK === '1' || env.WEBHOOKS_ALLOW_LOOPBACK === 'true') {
      ctx.addIssue({ code: 'custom', path: ['WEBHOOKS_ALLOW_LOOPBACK'], message: "lets a store's webhooks reach this machine's own services: only for development and tests, never on an https PUBLIC_URL" });
    }
    if (env.DEMO_DATA) {
      ctx.addIssue({ code: 'custom', path: ['DEMO_DATA'], message: 'DEMO_DATA loads accounts with published passwords: never on an https PUBLIC_URL' });
    }
    if (env.TEST_WORK_FACTORS) {
      ctx.addIssue({ code: 'custom', path: ['TEST_WORK_FACTORS'], message: 'TEST_WORK_FACTORS makes passwords and the bot check cheap to break: only for test servers, never on an https PUBLIC_URL' });
    }
    if (!env.APP_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'APP_SECRET is required when PUBLIC_URL is https' });
    } else if (env.APP_SECRET === DEV_SECRET || env.APP_SECRET.length < 32) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'APP_SECRET must be your own random value of at least 32 characters when PUBLIC_URL is https',
      });
    }
  });

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export type Config = {
  /** NODE_ENV: which build of the libraries runs (React's production build for `npm start`); nothing else. */
  env: 'development' | 'production' | 'test';
  /** Served over HTTPS (an https PUBLIC_URL): `__Host-` Secure cookies, HSTS, an own APP_SECRET. */
  secure: boolean;
  /** Stores' own domains (decision 100): the A record's address for an apex host, the resolvers the TXT check asks. */
  domains: { publicIpv4: string | undefined; dnsServers: string[] | undefined };
  /** DEMO_DATA=1: an empty database gets the demo accounts at start (`npm start` sets it). */
  demoData: boolean;
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  /** STORAGE_URL: the files on disk under `${dataDir}/uploads`, or in an S3-compatible bucket (decision 097). */
  storage: StorageTarget;
  databaseUrl: string | undefined;
  secret: string;
  logLevel: string;
  maintenanceMode: boolean;
  /**
   * The proxies in front of the app (TRUST_PROXY, decision 079): none (false), a hop count, or their
   * addresses; `request.ip`, the rate limits' key, is the first hop from the right not among them.
   */
  trustProxy: false | number | string[];
  /** Refuse queries on store-owned tables without a store_id condition (decision 025); always on in tests. */
  storeGuard: boolean;
  /** LOG_STORE_QUERIES: where to log each query on a store table with no one-store `store_id` condition (decision 102). */
  logStoreQueries: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * TEST_WORK_FACTORS=1: argon2id and the proof of work at a test's cost instead of OWASP's and a
   * phone's second (decision 041). The test suites set it; refused with an https PUBLIC_URL.
   */
  testWorkFactors: boolean;
  /** reCAPTCHA v3 when both keys are set; otherwise the self-hosted proof of work. */
  recaptcha: { siteKey: string; secretKey: string; minScore: number } | undefined;
  /** The job queue's worker (decision 024): pause between polls, lock on a job, first retry delay. */
  jobs: { pollMs: number; lockMs: number; retryMs: number };
  /**
   * Server processes sharing the port (decision 040): WEB_CONCURRENCY, else one per core with
   * React's production build (`npm start`), one in development.
   */
  workers: number;
  /**
   * What the process serves (decision 104): `all`, or `storefront` — the stores' pages, their
   * images and assets, and /healthz, without the dashboard (the React Router app), the API or the
   * job queue, for a balancer that sends the storefront's traffic to processes of its own.
   */
  role: 'all' | 'storefront';
  /**
   * How long a stopping server lets its requests finish (SIGTERM/SIGINT) before it exits anyway; a
   * primary kills the workers still running 2 s after it (issue 21). Keep it under the host's own
   * grace (Kubernetes: 30 s).
   */
  shutdownGraceMs: number;
  /**
   * On SIGTERM, how long the server goes on accepting requests while /healthz already answers 503
   * "stopping", before it stops accepting: at least a balancer's health interval, so that it is
   * taken out of rotation before it refuses anything (decision 098). 0: stop accepting at once.
   */
  shutdownDrainMs: number;
  /**
   * The storefront's page cache per process (decision 064): its size in bytes (0: off), and how
   * long a store's page version read from the database is trusted (≤ 1 s: the staleness bound).
   */
  shopCache: { maxBytes: number; versionMs: number };
  /**
   * The memory the shared pages of the app (login, registration, terms: server/plugins/page-cache.ts)
   * may hold per process, in bytes (0: none kept). Decision 101.
   */
  pageCacheBytes: number;
  /**
   * SRI's offline web services (issue 37 §6): reception (`validarComprobante`) and authorization
   * (`autorizacionComprobante`) for the test (1) and production (2) environments, and how long one
   * call may take before it counts as SRI being unreachable.
   */
  sri: { test: SriEndpoints; production: SriEndpoints; timeoutMs: number };
  /**
   * CERTIFICATE_KEY: the AES-256 key the stores' signing certificates and their passwords are sealed
   * with (issue 37 §5). Without it the server keeps no certificate: uploads are refused.
   */
  certificateKey: Buffer | undefined;
  /** ACTIVITY_RETENTION_DAYS: a store's activity log keeps its entries this many days (365), then the job worker prunes them. */
  activityRetentionDays: number;
  /**
   * Webhooks (issue 38 §5): `allowLoopback` lets an endpoint be http:// on this machine (127.0.0.0/8,
   * ::1, `localhost`); every other private, link-local or metadata address stays refused.
   * WEBHOOKS_ALLOW_LOOPBACK, by default on in development and tests and off with NODE_ENV=production;
   * refused with an https PUBLIC_URL.
   */
  webhooks: { allowLoopback: boolean };
  /** Each gateway's API root per environment, and how long one call may take. */
  payments: { payphone: GatewayUrls; paypal: GatewayUrls; timeoutMs: number };
};

export type GatewayUrls = { sandbox: string; live: string };

export type SriEndpoints = { reception: string; authorization: string };

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad value stops the process with the variable's name. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    secure: publicUrl.startsWith('https://'),
    domains: {
      publicIpv4: env.PUBLIC_IPV4 || undefined,
      dnsServers: env.DNS_SERVERS ? env.DNS_SERVERS.split(',').map((server) => server.trim()).filter(Boolean) : undefined,
    },
    demoData: env.DEMO_DATA,
    // The demo accounts' passwords are in the README: with them, only this machine may connect unless
    // HOST says otherwise (issue 40, defect 12). `localhost` listens on 127.0.0.1 and ::1 alike.
    host: env.HOST ?? (env.DEMO_DATA ? 'localhost' : '0.0.0.0'),
    port: env.PORT,
    publicUrl,
    dataDir: env.DATA_DIR,
    storage: env.STORAGE_URL,
    databaseUrl: env.DATABASE_URL || undefined,
    secret: env.APP_SECRET ?? DEV_SECRET,
    logLevel: env.LOG_LEVEL,
    maintenanceMode: env.MAINTENANCE_MODE,
    trustProxy: env.TRUST_PROXY,
    storeGuard: env.STORE_GUARD,
    logStoreQueries: env.LOG_STORE_QUERIES || undefined,
    testWorkFactors: env.TEST_WORK_FACTORS,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    recaptcha:
      env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY
        ? { siteKey: env.RECAPTCHA_SITE_KEY, secretKey: env.RECAPTCHA_SECRET_KEY, minScore: env.RECAPTCHA_MIN_SCORE }
        : undefined,
    jobs: { pollMs: env.JOB_POLL_MS, lockMs: env.JOB_LOCK_MS, retryMs: env.JOB_RETRY_MS },
    workers: env.WEB_CONCURRENCY ?? (env.NODE_ENV === 'production' ? os.availableParallelism() : 1),
    role: env.APP_ROLE,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    shopCache: { maxBytes: env.SHOP_CACHE_BYTES, versionMs: env.SHOP_PAGE_VERSION_MS },
    pageCacheBytes: env.PAGE_CACHE_BYTES,
    sri: {
      test: { reception: env.SRI_RECEPTION_URL_TEST, authorization: env.SRI_AUTHORIZATION_URL_TEST },
      production: { reception: env.SRI_RECEPTION_URL_PRODUCTION, authorization: env.SRI_AUTHORIZATION_URL_PRODUCTION },
      timeoutMs: env.SRI_TIMEOUT_MS,
    },
    certificateKey: env.CERTIFICATE_KEY,
    activityRetentionDays: env.ACTIVITY_RETENTION_DAYS,
    webhooks: {
      allowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK === undefined ? env.NODE_ENV !== 'production' && !publicUrl.startsWith('https://') : env.WEBHOOKS_ALLOW_LOOPBACK === '1' || env.WEBHOOKS_ALLOW_LOOPBACK === 'true',
    },
    payments: {
      payphone: { sandbox: env.PAYPHONE_API_URL_SANDBOX.replace(/\/$/, ''), live: env.PAYPHONE_API_URL_LIVE.replace(/\/$/, '') },
      paypal: { sandbox: env.PAYPAL_API_URL_SANDBOX.replace(/\/$/, ''), live: env.PAYPAL_API_URL_LIVE.replace(/\/$/, '') },
      timeoutMs: env.PAYMENT_TIMEOUT_MS,
    },
  };
}

/** Fastify's logger options, and the primary's when there are several workers (main.ts). */
export function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    // Secrets never reach the log, whatever route logs what.
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.passwordRepeat', '*.token'],
  };
}
