import type { Generated } from 'kysely';

// Issue 41 §5 (migration 2026-12-06-105, decision 100): a store's own domain.

export interface StoreDomainTable {
  id: Generated<number>;
  storeId: number;
  /** Lowercase, punycode, no port; unique across stores. */
  host: string;
  /** What the owner puts in the `_tiendabox` TXT record to prove the domain is theirs. */
  verifyToken: string;
  /** Null until the TXT record was seen; only a verified host is served (and gets a certificate). */
  verifiedAt: string | null;
  createdAt: string;
}
