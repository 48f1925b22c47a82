import { data, type LoaderFunctionArgs } from 'react-router';
import { AccessTokenInputSchema } from '#common/access-token.ts';
import { formValues, parseWith } from '#common/forms.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { failure, invalid, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { services } from '#app/lib/services.server.ts';
import { storeHeader } from '#app/lib/store-scope.server.ts';
import { parseRecordId } from '#common/record-id.ts';

/** The answer to a created token: the only time its text is sent (the page is `no-store`, as every signed-in page). */
export type TokenActionResult = FormResult & { created?: { name: string; token: string } };

export async function tokensLoader({ context }: LoaderFunctionArgs) {
  const now = Date.now();
  const user = currentUser(context);
  const rows = await services(context).accessTokens.listAccessTokens({ userId: user.id });
  // Staff are told what their tokens cannot do (decision 045): act in the back office.
  return { tokens: rows.map((row) => ({ ...row, expired: row.expiresAt !== null && Date.parse(row.expiresAt) <= now })), staff: user.role !== 'client' };
}

export async function tokensAction({ request, context }: LoaderFunctionArgs) {
  const owner = { userId: currentUser(context).id };
  const values = formValues(await readForm(request));
  if (values.intent === 'revoke') {
    const id = parseRecordId(values.id);
    if (id === null) throw data(null, { status: 404 });
    try {
      await services(context).accessTokens.revokeAccessToken({ ...owner, id });
    } catch (error) {
      return failure(error, {});
    }
    return data<TokenActionResult>({ notice: 'accessToken.revoked' });
  }
  const parsed = parseWith(AccessTokenInputSchema, values);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    const { token } = await services(context).accessTokens.createAccessToken(owner, parsed.data, storeHeader(context).store?.id ?? null);
    return data<TokenActionResult>({ created: { name: parsed.data.name, token } });
  } catch (error) {
    return failure(error, values);
  }
}
