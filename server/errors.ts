import type { MessageKey } from '#common/i18n/messages.ts';

/**
 * A business failure with the message key users see and the HTTP status it maps to.
 * `retryAfterSeconds` rides along for rate limits.
 */
export class AppError extends Error {
  readonly code: MessageKey;
  readonly status: number;
  readonly field?: string;
  readonly retryAfterSeconds?: number;
  /** Values the message names, e.g. a plan's `{ limit: 100 }`. */
  readonly vars?: Record<string, string | number>;

  constructor(code: MessageKey, status: number, options: { field?: string; retryAfterSeconds?: number; vars?: Record<string, string | number> } = {}) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.vars = options.vars;
  }
}

export const notFound = () => new AppError('error.generic', 404);

/**
 * Whether a database error is a unique index refusing a row, on either dialect: PostgreSQL's
 * SQLSTATE 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE (2067) or _PRIMARYKEY (1555) from node:sqlite.
 * A service that checks a value is free before writing it (a slug, a code) still meets this when
 * two requests race on PostgreSQL: both checks pass in their own transaction, and the index refuses
 * the second insert. SQLite runs one writing transaction at a time, so its second check sees the
 * first row; the service turns both into the same 409 (issue 21).
 */
export function isUniqueViolation(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  return code === '23505' || errcode === 2067 || errcode === 1555;
}
