import { createContext } from 'react-router';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { BotCheck } from '#server/captcha/bot-check.ts';
import type { SharedRender } from '#server/plugins/page-cache.ts';
import type { Services } from '#server/services.ts';

// The one context token shared by Fastify (which fills it) and React Router (which reads it).
// It is kept external in the server build so both sides hold the same token instance.
export type SessionUser = {
  id: number;
  email: string;
  name: string;
  role: 'client' | 'staff' | 'admin';
};

export type AppContext = {
  /** Every service, bound once in `buildApp` to the database, clock, config, logger and mailer. */
  services: Services;
  config: Config;
  requestId: string;
  /** The request's logger: every line carries the request id. */
  log: FastifyBaseLogger;
  cspNonce: string;
  maintenance: boolean;
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
