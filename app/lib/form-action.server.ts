import { data } from 'react-router';
import type { FieldErrors } from '#common/forms.ts';
import { AppError } from '#server/errors.ts';
import type { FormResult } from './form-result.ts';

const SECRET_FIELDS = /password|token|altcha|captcha/i;

/** Typed values to send back, passwords and tokens left out. */
export function echo(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !SECRET_FIELDS.test(key)));
}

/**
 * The posted form. A body the browser could not have sent (a cut multipart, a malformed boundary)
 * is a 400 with the generic message, never a 500 from an action that could not read it.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    // The page-body limit (server/plugins/page-bodies.ts) cuts a long body with a 413 as it streams.
    const causes = [error, (error as Error)?.cause] as ({ statusCode?: number; nul?: boolean } | undefined)[];
    const tooLarge = causes.some((e) => e?.statusCode === 413);
    // A NUL character, refused as the body streamed in (server/plugins/nul-guard.ts).
    const nul = causes.some((e) => e?.nul === true);
    throw data<FormResult>({ formError: { key: nul ? 'validation.controlChar' : tooLarge ? 'error.bodyTooLarge' : 'error.generic' } }, { status: tooLarge ? 413 : 400 });
  }
}

export function invalid(errors: FieldErrors, values: Record<string, string>) {
  return data<FormResult>({ errors, values: echo(values) }, { status: 400 });
}

/** Maps a business failure to the form's answer; anything else is a real error (500). */
export function failure(error: unknown, values: Record<string, string>) {
  if (!(error instanceof AppError)) throw error;
  // Another owner's record, or none: the same 404 screen as an unknown page.
  if (error.status === 404) throw data(null, { status: 404 });
  const headers: Record<string, string> = {};
  const result: FormResult = { values: echo(values) };
  if (error.retryAfterSeconds) {
    headers['Retry-After'] = String(error.retryAfterSeconds);
    result.formError = { key: error.code, vars: { minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) } };
  } else if (error.field) {
    result.errors = { [error.field]: error.code };
  } else {
    result.formError = error.vars ? { key: error.code, vars: error.vars } : { key: error.code };
  }
  return data(result, { status: error.status, headers });
}

/** Runs a loader's service call; a business 404 becomes the 404 screen instead of a 500. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
