import { randomBytes } from 'node:crypto';
import type { Config } from '#server/config.ts';
import { openWithServerKey, sealWithServerKey } from '#server/modules/sales/sri-certificate/sealed.ts';

// An endpoint's signing secret (Standard Webhooks: `whsec_` and the base64 of the key), shown to
// its owner once and kept sealed with AES-256-GCM under the server's key (sealed.ts).

/** 24 random bytes: the Standard Webhooks minimum, 192 bits. */
const SECRET_BYTES = 24;

export const newSecret = () => `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;

const PURPOSE = 'webhook-endpoint-secret';

/** What the sealed value is bound to: a secret copied into another store's row does not open there. */
const label = (storeId: number) => `webhook_endpoint.secret:${storeId}`;

export function sealSecret(config: Pick<Config, 'certificateKey' | 'secret'>, storeId: number, secret: string): Buffer {
  return sealWithServerKey(config, PURPOSE, secret, label(storeId));
}

export function openSecret(config: Pick<Config, 'certificateKey' | 'secret'>, storeId: number, sealed: Uint8Array): string {
  try {
    return openWithServerKey(config, PURPOSE, sealed, label(storeId));
  } catch {
    throw new Error('the endpoint secret does not open with this server’s keys (CERTIFICATE_KEY or APP_SECRET changed): rotate it');
  }
}
