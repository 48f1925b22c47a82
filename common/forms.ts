import type { z } from 'zod';
import type { MessageKey } from './i18n/messages.ts';

/** Field name → message key of its first problem; `form` holds problems of the whole form. */
export type FieldErrors = Partial<Record<string, MessageKey>>;

export type ParseResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Schema issues carry message keys (never sentences), so both languages share one schema. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= (issue.message.includes('.') ? issue.message : 'validation.invalid') as MessageKey;
  }
  return { ok: false, errors };
}

/** FormData to a plain object (last value wins; files and repeated keys come later, when needed). */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === 'string') values[key] = value;
  return values;
}
