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

  constructor(code: MessageKey, status: number, options: { field?: string; retryAfterSeconds?: number } = {}) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = () => new AppError('error.generic', 404);
