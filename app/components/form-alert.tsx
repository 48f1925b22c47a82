import { Alert } from '@mantine/core';

/** The message of a whole form: announced to screen readers as it appears. */
export function FormAlert({ error, notice }: { error?: string; notice?: string }) {
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="form-error">
        {error}
      </Alert>
    );
  }
  if (notice) {
    return (
      <Alert color="brand" variant="light" role="status" data-testid="form-notice">
        {notice}
      </Alert>
    );
  }
  return null;
}
