import type { Generated } from 'kysely';

// Abandoned carts (issue 40 §6, migration 2026-12-06-102, decision 094).

export interface AbandonedCartSettingTable {
  id: Generated<number>;
  storeId: number;
  /** 1 when the store sends the reminder (off until its owner switches it on). */
  enabled: number;
  createdAt: string;
  updatedAt: string;
}

export interface AbandonedCartTable {
  id: Generated<number>;
  storeId: number;
  email: string;
  /** 'es' | 'en' */
  locale: string;
  /** JSON [[productId, variantId or 0, quantity], …], as the cart cookie holds them. */
  lines: string;
  /** SHA-256 hex of the restore link's token; null until the reminder. */
  tokenHash: string | null;
  createdAt: string;
  updatedAt: string;
  remindedAt: string | null;
  recoveredAt: string | null;
  orderId: number | null;
  closed: Generated<number>;
}
