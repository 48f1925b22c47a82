import { hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '#server/config.ts';
import { seal, unseal } from '#server/modules/sales/sri-certificate/sealed.ts';

// An endpoint's signing secret (Standard Webhooks: `whsec_` and the base64 of the key), shown to
// its owner once and kept sealed with AES-256-GCM, as the stores' certificates are. The key is
// CERTIFICATE_KEY when the server has one; without it (development, a server that keeps no
// certificate) a key derived from APP_SECRET, which an https server must set to its own random
// value. Opening tries both, so a server that gains a CERTIFICATE_KEY still opens older secrets.

/** 24 random bytes: the Standard Webhooks minimum, 192 bits. */
const SECRET_BYTES = 24;

export const newSecret = () => `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;

const derivedKey = (config: Pick<Config, 'secret'>) => Buffer.from(hkdfSync('sha256', config.secret, 'tiendabox', 'webhook-endpoint-secret', 32));

/** What the sealed value is bound to: a secret copied into another store's row does not open there. */
const label = (storeId: number) => `webhook_endpoint.secret:${storeId}`;

export function sealSecret(config: Pick<Config, 'certificateKey' | 'secret'>, storeId: number, secret: string): Buffer {
  return seal(config.certificateKey ?? derivedKey(config), Buffer.from(secret, 'utf8'), label(storeId));
}

export function openSecret(config: Pick<Config, 'certificateKey' | 'secret'>, storeId: number, sealed: Uint8Array): string {
  const keys = config.certificateKey ? [config.certificateKey, derivedKey(config)] : [derivedKey(config)];
  for (const key of keys) {
    try {
      return unseal(key, sealed, label(storeId)).toString('utf8');
    } catch {
      // the other key, if any
    }
  }
  throw new Error('the endpoint secret does not open with this server’s keys (CERTIFICATE_KEY or APP_SECRET changed): rotate it');
}
