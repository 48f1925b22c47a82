import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// AES-256-GCM for the certificate and its password at rest (issue 37 §5): a fresh 96-bit nonce per
// seal, the tag checked on opening, and the row it belongs to (`label`: store and column) as
// associated data, so a sealed value copied into another store's row does not open there.

const NONCE = 12;
const TAG = 16;

export function seal(key: Buffer, plain: Uint8Array, label: string): Buffer {
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(label, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]);
}

/** Throws when the key or the label is not the one it was sealed with, or a byte changed. */
export function unseal(key: Buffer, sealed: Uint8Array, label: string): Buffer {
  const bytes = Buffer.from(sealed);
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE));
  decipher.setAAD(Buffer.from(label, 'utf8'));
  decipher.setAuthTag(bytes.subarray(NONCE, NONCE + TAG));
  return Buffer.concat([decipher.update(bytes.subarray(NONCE + TAG)), decipher.final()]);
}

/**
 * Values the server seals for a store without the owner's part in it (webhook secrets, payment
 * gateways' credentials): under CERTIFICATE_KEY when the server has one, else a key derived from
 * APP_SECRET (development, a server that keeps no certificate; an https server must set its own
 * APP_SECRET). Opening tries both, so a server that gains a CERTIFICATE_KEY still opens older values.
 * `purpose` separates the derived keys of different uses.
 */
type ServerKeys = { certificateKey: Buffer | undefined; secret: string };
const derivedKey = (config: ServerKeys, purpose: string) => Buffer.from(hkdfSync('sha256', config.secret, 'tiendabox', purpose, 32));

export function sealWithServerKey(config: ServerKeys, purpose: string, plain: string, label: string): Buffer {
  return seal(config.certificateKey ?? derivedKey(config, purpose), Buffer.from(plain, 'utf8'), label);
}

/** Throws when neither key opens it (CERTIFICATE_KEY or APP_SECRET changed). */
export function openWithServerKey(config: ServerKeys, purpose: string, sealed: Uint8Array, label: string): string {
  const keys = config.certificateKey ? [config.certificateKey, derivedKey(config, purpose)] : [derivedKey(config, purpose)];
  for (const key of keys) {
    try {
      return unseal(key, sealed, label).toString('utf8');
    } catch {
      // the other key, if any
    }
  }
  throw new Error(`a sealed ${purpose} does not open with this server’s keys (CERTIFICATE_KEY or APP_SECRET changed)`);
}
