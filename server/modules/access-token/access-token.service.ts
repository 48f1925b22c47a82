import { randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_MAX, ACCESS_TOKEN_PREFIX, type AccessTokenInput, type AccessTokenScope } from '#common/access-token.ts';
import { AppError } from '#server/errors.ts';
import { tokenHash } from '#server/modules/auth/tokens.ts';
import type { SessionUser } from '#server/modules/auth/session-user.ts';
import { LIMITS, takeAttempt } from '#server/modules/rate-limit/rate-limit.service.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import * as tokens from './access-token.repository.ts';

type Owner = { userId: number };

const DAY = 24 * 60 * 60 * 1000;
// `last used` is for people ("is this script still running?"): a minute's precision spares a write per call.
const TOUCH_AFTER_MS = 60_000;
// prefix + 43 base64url characters of 256 random bits; anything longer is refused before hashing.
const TOKEN_PATTERN = new RegExp(`^${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

export type TokenCaller = { user: SessionUser; scope: AccessTokenScope; tokenId: number };

/**
 * A new token for the owner: the only time its text exists outside the caller's hands. It acts on
 * `actingStoreId`, the store the owner's session works in when they make it (decision 088), with
 * their role there narrowed by its scope; null acts on their own store.
 */
export async function createAccessToken(deps: ServiceDeps, owner: Owner, input: AccessTokenInput, actingStoreId: number | null = null): Promise<{ id: number; token: string }> {
  const now = deps.clock.now();
  const token = ACCESS_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  // Counted and inserted in one transaction that holds the owner's row: 25 creations at once made
  // 25 tokens on PostgreSQL, each count seeing 19 (issue 21). SQLite runs one writer at a time.
  const id = await inTransaction(deps, async (tx) => {
    await tokens.lockTokenOwner(tx.db, owner);
    if ((await tokens.countAccessTokens(tx.db, owner)) >= ACCESS_TOKEN_MAX) throw new AppError('accessToken.tooMany', 409, { vars: { max: ACCESS_TOKEN_MAX } });
    return tokens.insertAccessToken(tx.db, {
      userId: owner.userId,
      name: input.name,
      scope: input.scope,
      tokenHash: tokenHash(token),
      createdAt: now.toISOString(),
      expiresAt: input.expiresIn === 'never' ? null : new Date(now.getTime() + Number(input.expiresIn) * DAY).toISOString(),
      lastUsedAt: null,
      actingStoreId,
    });
  });
  return { id, token };
}

export const listAccessTokens = (deps: ServiceDeps, owner: Owner) => tokens.listAccessTokens(deps.db, owner);

/** Revoked at once: the next call with it is a 401. Another user's token is "not found". */
export async function revokeAccessToken(deps: ServiceDeps, target: Owner & { id: number }): Promise<void> {
  if (!(await tokens.deleteAccessToken(deps.db, target))) throw new AppError('error.generic', 404);
}

/**
 * Who an `Authorization: Bearer` token acts for — its user, as a client — or null (unknown, expired, revoked, or its user
 * disabled). Each call counts against the token's rate limit (429 past it).
 */
export async function authenticateAccessToken(deps: ServiceDeps, token: string): Promise<TokenCaller | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await tokens.findAccessTokenWithUser(deps.db, tokenHash(token));
  const now = deps.clock.now();
  if (!row || row.enabled !== 1 || (row.expiresAt && Date.parse(row.expiresAt) <= now.getTime())) return null;
  await takeAttempt(deps, `api-token:${row.tokenId}`, LIMITS.apiPerToken);
  if (!row.lastUsedAt || now.getTime() - Date.parse(row.lastUsedAt) >= TOUCH_AFTER_MS) await tokens.touchAccessToken(deps.db, row.tokenId, now.toISOString());
  // A token acts with a client's rights, whatever its user's role (decision 045): a staff member's
  // token reaches their own records as anyone's does, never the back office or other clients' files.
  return {
    user: { id: row.id, email: row.email, name: row.name, role: 'client', entry: { kind: 'token', tokenId: row.tokenId, tokenName: row.tokenName, scope: row.scope, actingStoreId: row.actingStoreId } },
    scope: row.scope,
    tokenId: row.tokenId,
  };
}
