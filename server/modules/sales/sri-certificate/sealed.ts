import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

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
