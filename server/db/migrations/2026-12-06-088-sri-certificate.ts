import { type Kysely, sql } from 'kysely';
import { idColumn, isPostgres, timestampType } from './column-types.ts';

// Frozen once landed. Issue 37 §5: the store's signing certificate (.p12) and its password, each
// sealed with AES-256-GCM under CERTIFICATE_KEY (the environment's, never the repository's), and
// what the owner and the desk are shown of it, read once at upload: holder, issuer, serial, validity.
// One certificate a store; replacing it overwrites the row.
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = isPostgres(db) ? 'bytea' : 'blob';
  const text = (length: number) => `varchar(${length})` as const;
  const [idType, idOptions] = idColumn(db);
  await db.schema
    .createTable('store_certificate')
    .addColumn('id', idType, idOptions)
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    /** nonce (12 bytes) ‖ GCM tag (16) ‖ ciphertext of the .p12 file. */
    .addColumn('p12_sealed', sql.raw(bytes), (col) => col.notNull())
    /** The same seal around the password's UTF-8 bytes. */
    .addColumn('password_sealed', sql.raw(bytes), (col) => col.notNull())
    .addColumn('holder', text(300), (col) => col.notNull())
    .addColumn('issuer', text(300), (col) => col.notNull())
    .addColumn('serial', text(100), (col) => col.notNull())
    .addColumn('not_before', timestampType(db), (col) => col.notNull())
    .addColumn('not_after', timestampType(db), (col) => col.notNull())
    .addColumn('uploaded_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('store_certificate_store_unique').on('store_certificate').column('store_id').unique().execute();
}
