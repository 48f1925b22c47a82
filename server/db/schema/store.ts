import type { Generated } from 'kysely';

// The store (decision 025). The store itself is keyed by its owner; the tables that belong to a store carry `storeId`
// and are listed in STORE_OWNED_TABLES (server/db/store-guard.ts).
export interface StoreTable {
  id: Generated<number>;
  userId: number;
  slug: string;
  name: string;
  section: string;
  description: string;
  published: number;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}
