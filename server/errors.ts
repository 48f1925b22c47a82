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
