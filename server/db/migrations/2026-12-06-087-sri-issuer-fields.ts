import type { Kysely } from 'kysely';

// Frozen once landed. Issue 37 §4: what SRI's `factura` says of its issuer beyond the RUC and the
// name — the head office's address (`dirMatriz`), the selling establishment's
// (`dirEstablecimiento`), whether the issuer must keep accounts (`obligadoContabilidad`), its RIMPE
// regime (`contribuyenteRimpe`) and its withholding agent resolution (`agenteRetencion`). The
// store keeps them in its sales settings; an invoice copies them when issued, so a later change
// of the settings never changes an issued invoice. Each a column of its own, one `alter table` a
// column (SQLite adds one column per statement). An invoice issued before has them empty: its
// XML leaves out what it never said.
const text = (length: number) => `varchar(${length})` as const;

const STORE_SALES: [string, number, string][] = [
  ['head_office_address', 300, ''],
  ['establishment_address', 300, ''],
  /** '' until the owner says, then 'yes' | 'no'. */
  ['accounting_obligated', 3, ''],
  /** 'none' | 'emprendedor' | 'negocio_popular' */
  ['rimpe', 20, 'none'],
  /** The resolution's number, digits only; '' when the store is not a withholding agent. */
  ['withholding_agent', 8, ''],
];

const INVOICE: [string, number, string][] = STORE_SALES.map(([name, length, fallback]) => [`issuer_${name}`, length, fallback]);

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of [['store_sales', STORE_SALES], ['invoice', INVOICE]] as const) {
    for (const [name, length, fallback] of columns) await db.schema.alterTable(table).addColumn(name, text(length), (col) => col.notNull().defaultTo(fallback)).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of [['store_sales', STORE_SALES], ['invoice', INVOICE]] as const) {
    for (const [name] of columns) await db.schema.alterTable(table).dropColumn(name).execute();
  }
}
