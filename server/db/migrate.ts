import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { type DatabaseIntrospector, PostgresAdapter, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { withStartupLock } from '#server/db/startup-lock.ts';
import * as settings from '#server/db/migrations/2026-11-21-001-settings.ts';
import * as accounts from '#server/db/migrations/2026-11-21-002-accounts.ts';
import * as casillero from '#server/db/migrations/2026-11-21-003-casillero.ts';
import * as jobs from '#server/db/migrations/2026-11-23-001-jobs.ts';
import * as stores from '#server/db/migrations/2026-11-23-002-stores.ts';
import * as colors from '#server/db/migrations/2026-11-23-003-catalog-colors.ts';
import * as consolidationFinal from '#server/db/migrations/2026-11-23-004-consolidation-final.ts';
import * as storeBuilder from '#server/db/migrations/2026-11-23-005-store-builder.ts';
import * as storeFiles from '#server/db/migrations/2026-11-23-006-store-files.ts';
import * as storeExpiringMail from '#server/db/migrations/2026-11-23-007-store-expiring-mail.ts';
import * as catalog from '#server/db/migrations/2026-11-24-001-catalogue.ts';
import * as catalogSearch from '#server/db/migrations/2026-11-25-001-catalogue-search.ts';
import * as accessTokens from '#server/db/migrations/2026-11-25-002-access-token.ts';
import * as listSortIndexes from '#server/db/migrations/2026-11-26-001-list-sort-indexes.ts';
import * as variant from '#server/db/migrations/2026-11-26-010-variant.ts';
import * as uniqueSku from '#server/db/migrations/2026-11-26-044-unique-sku.ts';
import * as productForm from '#server/db/migrations/2026-11-26-050-product-form.ts';
import * as storeStyleChosen from '#server/db/migrations/2026-11-26-051-store-style-chosen.ts';
import * as bannerPositions from '#server/db/migrations/2026-11-26-052-banner-positions.ts';
import * as planEnglish from '#server/db/migrations/2026-11-26-053-plan-english.ts';
import * as sales from '#server/db/migrations/2026-11-26-060-sales.ts';
import * as shopPageVersion from '#server/db/migrations/2026-11-26-064-shop-page-version.ts';
import * as productBrandSort from '#server/db/migrations/2026-11-26-065-product-brand-sort.ts';
import * as catalogIdOrder from '#server/db/migrations/2026-11-27-071-catalog-id-order.ts';
import * as invoiceSriStates from '#server/db/migrations/2026-12-06-089-invoice-sri-states.ts';
import * as ivaPerProduct from '#server/db/migrations/2026-12-06-086-iva-per-product.ts';
import * as sriIssuerFields from '#server/db/migrations/2026-12-06-087-sri-issuer-fields.ts';
import * as sriCertificate from '#server/db/migrations/2026-12-06-088-sri-certificate.ts';
import * as creditNotes from '#server/db/migrations/2026-12-06-091-credit-notes.ts';
import * as storeMembers from '#server/db/migrations/2026-12-06-092-store-members.ts';
import * as storeEvents from '#server/db/migrations/2026-12-06-093-store-events.ts';
import * as webhooks from '#server/db/migrations/2026-12-06-094-webhooks.ts';
import * as invitationWithdrawn from '#server/db/migrations/2026-12-06-096-invitation-withdrawn.ts';
import * as payments from '#server/db/migrations/2026-12-06-097-payments.ts';
import * as abandonedCarts from '#server/db/migrations/2026-12-06-102-abandoned-carts.ts';
import * as uniqueCedula from '#server/db/migrations/2026-12-06-104-unique-cedula.ts';
import * as orderNotes from '#server/db/migrations/2026-12-06-100-order-notes.ts';
import * as orderShipments from '#server/db/migrations/2026-12-06-099-order-shipments.ts';
import * as productTextSearch from '#server/db/migrations/2026-12-06-103-product-text-search.ts';
import * as productTextByStore from '#server/db/migrations/2026-12-06-106-product-text-by-store.ts';
import * as shippingZones from '#server/db/migrations/2026-12-06-098-shipping-zones.ts';
import * as storeDomains from '#server/db/migrations/2026-12-06-105-store-domains.ts';
import * as productWords from '#server/db/migrations/2026-12-06-107-product-words.ts';
import * as productNameTerms from '#server/db/migrations/2026-12-07-108-product-name-terms.ts';

// An explicit list instead of a folder scan: it works the same under Node, Vite and Vitest.
const migrations: Record<string, Migration> = {
  '2026-11-21-001-settings': settings,
  '2026-11-21-002-accounts': accounts,
  '2026-11-21-003-casillero': casillero,
  '2026-11-23-001-jobs': jobs,
  '2026-11-23-002-stores': stores,
  '2026-11-23-003-catalog-colors': colors,
  '2026-11-23-004-consolidation-final': consolidationFinal,
  '2026-11-23-005-store-builder': storeBuilder,
  '2026-11-23-006-store-files': storeFiles,
  '2026-11-23-007-store-expiring-mail': storeExpiringMail,
  '2026-11-24-001-catalogue': catalog,
  '2026-11-25-001-catalogue-search': catalogSearch,
  '2026-11-25-002-access-token': accessTokens,
  '2026-11-26-001-list-sort-indexes': listSortIndexes,
  '2026-11-26-010-variant': variant,
  '2026-11-26-044-unique-sku': uniqueSku,
  '2026-11-26-050-product-form': productForm,
  '2026-11-26-051-store-style-chosen': storeStyleChosen,
  '2026-11-26-052-banner-positions': bannerPositions,
  '2026-11-26-053-plan-english': planEnglish,
  '2026-11-26-060-sales': sales,
  '2026-11-26-064-shop-page-version': shopPageVersion,
  '2026-11-26-065-product-brand-sort': productBrandSort,
  '2026-11-27-071-catalog-id-order': catalogIdOrder,
  '2026-12-06-089-invoice-sri-states': invoiceSriStates,
  '2026-12-06-086-iva-per-product': ivaPerProduct,
  '2026-12-06-087-sri-issuer-fields': sriIssuerFields,
  '2026-12-06-088-sri-certificate': sriCertificate,
  '2026-12-06-091-credit-notes': creditNotes,
  '2026-12-06-092-store-members': storeMembers,
  '2026-12-06-093-store-events': storeEvents,
  '2026-12-06-094-webhooks': webhooks,
  '2026-12-06-096-invitation-withdrawn': invitationWithdrawn,
  '2026-12-06-097-payments': payments,
  '2026-12-06-102-abandoned-carts': abandonedCarts,
  '2026-12-06-104-unique-cedula': uniqueCedula,
  '2026-12-06-100-order-notes': orderNotes,
  '2026-12-06-099-order-shipments': orderShipments,
  '2026-12-06-103-product-text-search': productTextSearch,
  '2026-12-06-106-product-text-by-store': productTextByStore,
  '2026-12-06-098-shipping-zones': shippingZones,
  '2026-12-06-105-store-domains': storeDomains,
  '2026-12-06-107-product-words': productWords,
  '2026-12-07-108-product-name-terms': productNameTerms,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Runs the migrations not yet run and answers their names. Under the start-up lock
 * (decision 098): processes that start at once on one database run each migration once between
 * them; the others wait, then find nothing left to do. `onWait` is told when another held it.
 */
export async function migrateToLatest(db: Db, onWait?: () => void): Promise<string[]> {
  return withStartupLock(db, () => migrate(db), onWait);
}

async function migrate(db: Db): Promise<string[]> {
  // On PostgreSQL the migrator must look for its tables in our schema only: otherwise a schema
  // beside ours (another test run, another tenant) makes it believe they already exist.
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db: schema ? withSchemaIntrospection(db, schema) : db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * The migrator asks whether its tables exist by listing every table of every schema, calling
 * functions such as `pg_get_serial_sequence` on each. When another schema is dropped meanwhile
 * (a test file finishing beside this one, a tenant removed) that listing fails with "schema does
 * not exist". This db answers the migrator's two questions from our own schema only, from the
 * catalog tables, with no function that can trip on someone else's schema.
 */
function withSchemaIntrospection(db: Db, schema: string): Db {
  const introspection: DatabaseIntrospector = {
    getSchemas: async () => [{ name: schema }],
    getTables: async () => {
      const { rows } = await sql<{ name: string }>`
        select c.relname as name from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p')`.execute(db);
      return rows.map((row) => ({ name: row.name, schema, isView: false, isForeign: false, columns: [] }));
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely keeps its state in private fields, which only the real instance can reach.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
