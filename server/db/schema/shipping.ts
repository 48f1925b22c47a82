import type { Generated } from 'kysely';

// Shipping zones, their rates and pickup in the store (issue 40 §1, migration 2026-12-06-098,
// decision 090). Money in integer cents, weight in grams.

export interface ShippingZoneTable {
  id: Generated<number>;
  storeId: number;
  name: string;
  /** JSON of ZonePlace[] (common/shipping-rates.ts). */
  places: string;
  createdAt: string;
  updatedAt: string;
}

export interface ShippingRateTable {
  id: Generated<number>;
  storeId: number;
  zoneId: number;
  name: string;
  /** 'flat' | 'total' | 'weight' */
  kind: string;
  /** JSON of RateBracket[] (common/shipping-rates.ts). */
  brackets: string;
  daysMin: number;
  daysMax: number;
  freeFromCents: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface ShippingPickupTable {
  id: Generated<number>;
  storeId: number;
  enabled: number;
  address: string;
  instructions: string;
  createdAt: string;
  updatedAt: string;
}
