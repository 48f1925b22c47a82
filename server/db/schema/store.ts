import type { ColumnType, Generated } from 'kysely';

// The store (decision 025). The store itself is keyed by its owner; the tables that belong to a store carry `storeId`
// and are listed in STORE_OWNED_TABLES (server/db/store-guard.ts).
export interface StoreTable {
  id: Generated<number>;
  userId: number;
  /** Permanent: set when the store opens, never changed (PRODUCT §5). */
  slug: string;
  name: string;
  /** The store type (`storeSection` in common/enums/store.ts); '' on stores opened before the list. */
  section: string;
  description: string;
  published: number;
  planId: number | null;
  expiresAt: string | null;
  /** Average of approved reviews, 0–5; 0 while there are none. */
  rating: Generated<number>;
  /** The upload id of the resized logo, null without one. */
  logo: string | null;
  /** 1 warm, 2 cold, 3 nature, 4 minimalist, 5 dark, 6 vintage (common/store-styles.ts). */
  style: Generated<number>;
  /** When the owner last saved the design (logo and style); null until then, whatever `style` holds. */
  styleChosenAt: string | null;
  keywords: Generated<string>;
  /** Stored, never rendered outside the storefront's sandbox (issue 10 §6). */
  analyticsScript: Generated<string>;
  pixelScript: Generated<string>;
  contactEmail: Generated<string>;
  contactPhone: Generated<string>;
  contactAddress: Generated<string>;
  contactState: Generated<string>;
  contactCity: Generated<string>;
  contactZip: Generated<string>;
  contactCountry: Generated<string>;
  facebook: Generated<string>;
  instagram: Generated<string>;
  tiktok: Generated<string>;
  x: Generated<string>;
  youtube: Generated<string>;
  whatsapp: Generated<string>;
  /** Bumped by triggers in the transaction of any change to what its storefront shows (decision 064). */
  pageVersion: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

/** A subscription plan (PRODUCT §5); exactly one is the default a new store gets. */
export interface PlanTable {
  id: Generated<number>;
  name: string;
  priceCents: number;
  maxProducts: number;
  maxBanners: number;
  maxPages: number;
  /** JSON array of strings. */
  features: string;
  /** The English name; '' for a plan made before it existed (English pages show `name` then). */
  nameEn: ColumnType<string, string | undefined, string>;
  /** JSON array of the English features. */
  featuresEn: ColumnType<string, string | undefined, string>;
  isDefault: number;
  createdAt: string;
  updatedAt: string;
}
