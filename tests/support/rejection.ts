import { expect } from 'vitest';
import { AppError } from '#server/errors.ts';

/** The AppError `work` fails with; the test fails if it succeeds or throws anything else. */
export async function rejection(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
