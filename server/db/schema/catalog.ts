import type { Generated } from 'kysely';

// The store's catalogue (issue 11): every table belongs to a store (`storeId`, decision 025).
export interface ColorTable {
  id: Generated<number>;
  storeId: number;
  name: string;
  slug: string;
  hex: string;
  enabled: number;
  createdAt: string;
  updatedAt: string;
}
