import type { Generated } from 'kysely';

// Issue 37 §5 (migration 2026-12-06-088): the store's signing certificate, sealed at rest.

export interface StoreCertificateTable {
  id: Generated<number>;
  storeId: number;
  /** AES-256-GCM under CERTIFICATE_KEY: nonce ‖ tag ‖ ciphertext of the .p12 file. Never leaves the server. */
  p12Sealed: Uint8Array;
  /** The same seal around the password. */
  passwordSealed: Uint8Array;
  holder: string;
  issuer: string;
  /** Decimal, as XAdES writes it. */
  serial: string;
  notBefore: string;
  notAfter: string;
  uploadedAt: string;
}
