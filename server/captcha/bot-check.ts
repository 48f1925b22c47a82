import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CappedMap, createChallenge, randomInt } from 'altcha-lib';
import { create } from 'altcha-lib/frameworks/fastify';
import type { Config } from '#server/config.ts';

/** Where the ALTCHA widget fetches a fresh challenge (server/captcha/bot-check.api.ts). */
export const BOT_CHECK_CHALLENGE_PATH = '/api/v1/bot-check/challenge';

export type BotCheck =
  | { kind: 'altcha'; challenge: () => Promise<unknown>; verify: (payload: unknown) => Promise<boolean> }
  | { kind: 'recaptcha'; siteKey: string; verify: (token: unknown, ip: string) => Promise<boolean> };

/**
 * PRODUCT §8: reCAPTCHA v3 when keys are configured, otherwise a self-hosted ALTCHA proof of
 * work, so registration works offline and in tests. Both are verified on the server.
 */
export function createBotCheck(config: Pick<Config, 'secret' | 'recaptcha' | 'testWorkFactors'>): BotCheck {
  if (config.recaptcha) {
    const { siteKey, secretKey, minScore } = config.recaptcha;
    return {
      kind: 'recaptcha',
      siteKey,
      async verify(token, ip) {
        if (typeof token !== 'string' || token.length === 0 || token.length > 4000) return false;
        const response = await fetch('https://www.google.com/recaptcha/api/siteverify', {
          method: 'POST',
          body: new URLSearchParams({ secret: secretKey, response: token, remoteip: ip }),
          signal: AbortSignal.timeout(5000),
        }).catch(() => null);
        if (!response?.ok) return false;
        const result = (await response.json()) as { success?: boolean; score?: number; action?: string };
        return result.success === true && result.action === 'register' && (result.score ?? 0) >= minScore;
      },
    };
  }
  // `create` gives us the library's own payload verification (client and server payload kinds).
  const { verify } = create({ deriveKey, hmacSignatureSecret: config.secret });
  // A solved challenge is accepted once (replay protection, per process).
  const used = new CappedMap<string, boolean>({ maxSize: 10_000 });
  return {
    kind: 'altcha',
    challenge: () =>
      createChallenge({
        deriveKey,
        hmacSignatureSecret: config.secret,
        // Cheap enough for a phone (about a second), costly for a bot that registers thousands; the
        // test suites' a few milliseconds (TEST_WORK_FACTORS, decision 041), the same protocol.
        algorithm: 'PBKDF2/SHA-256',
        ...(config.testWorkFactors ? { cost: 10, counter: randomInt(10, 40) } : { cost: 1_000, counter: randomInt(1_000, 4_000) }),
        expiresAt: new Date(Date.now() + 10 * 60_000),
      }),
    async verify(payload) {
      if (typeof payload !== 'string' || payload.length === 0 || payload.length > 10_000) return false;
      const result = await verify(payload, deriveKey, config.secret, undefined, used);
      return !result.error && Boolean(result.verification?.verified);
    },
  };
}
