import { createContext } from 'react-router';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { BotCheck } from '#server/captcha/bot-check.ts';
import type { SessionUser } from '#server/modules/auth/session-user.ts';
import type { SharedRender } from '#server/plugins/page-cache.ts';
import type { Services } from '#server/services.ts';
import type { MaintenanceState } from '#server/modules/setting/setting.service.ts';

// The one context token shared by Fastify (which fills it) and React Router (which reads it). It
// lives on the server side so that server/ never imports app/; `#app-context` re-exports it and
// stays external in the server build, so both sides hold the same token instance.
export type AppContext = {
  /** Every service, bound once in `buildApp` to the database, clock, config, logger and mailer. */
  services: Services;
  config: Config;
  requestId: string;
  /** The request's logger: every line carries the request id. */
  log: FastifyBaseLogger;
  cspNonce: string;
  /** Whether the site is in maintenance, and whose switch (server/plugins/maintenance.ts). */
  maintenance: MaintenanceState;
  /** The client's address (behind a proxy only when TRUST_PROXY is set): rate-limit key. */
  ip: string;
  botCheck: BotCheck;
  /** The raw session token from the cookie, for logout. */
  sessionToken: string | undefined;
  user: SessionUser | null;
  /** Present when this render may be kept and served to other anonymous visitors. */
  sharedRender: SharedRender | null;
};

export const appContext = createContext<AppContext>();
