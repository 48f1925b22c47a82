import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTypedDate } from '#common/dates.ts';
import { AppError } from '#server/errors.ts';
import { keptCreditNotePdfKey } from '#server/modules/sales/invoice/invoice-pdf-keep.ts';
import { invoicePdfRenderer } from '#server/modules/sales/invoice/invoice-pdf-renderer.ts';
import { insertTestOrder, setTaxSettings } from '#server/modules/sales/invoice/invoice.fixtures.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { makeStore } from '../../../../tests/support/factories.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';

// A credit note's RIDE (issue 37 §7, §9): real bytes from @react-pdf/renderer on the RIDE worker
// thread, read back with pdfjs-dist, in both languages; kept once rendered; another store's is not
// found. `INVOICE_PDF_DIR` keeps the files, to look at them (pdftoppm -png -r 80).
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

const flat = (text: string) => text.replace(/\s+/g, ' ');
/** The longest SKU SRI's codigoPrincipal takes (25), without a hyphen of its own. */
const LONG_SKU = 'CAFELOJATOSTADOMEDIO500GR';

async function creditedOrder() {
  const store = await makeStore(t, { name: 'Tostadores del Sur' });
  await setTaxSettings(t, store, { businessName: 'Tostadores del Sur Cía. Ltda.', headOfficeAddress: 'Av. 10 de Agosto N21-45, Quito', accountingObligated: 'yes', rimpe: 'emprendedor' });
  const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  const order = await insertTestOrder(t, store, {
    buyer: 'Íñigo Núñez',
    lines: [
      { name: 'Café de Loja 500 g', sku: LONG_SKU, unitPriceCents: 2174, quantity: 3, ivaCode: '4' },
      { name: 'Cemento 50 kg', sku: 'CEM-50', unitPriceCents: 899, quantity: 2, ivaCode: '5' },
      { name: 'Libro', sku: 'LIB-1', unitPriceCents: 999, quantity: 1, ivaCode: '7' },
    ],
  });
  const invoiceId = (await t.services.invoices.issueInvoice(scope, { orderId: order.id })).id;
  const { lines } = (await t.services.creditNotes.creditNotesOfOrder(scope, order.id))!;
  const [coffee, cement] = lines;
  const { id } = await t.services.creditNotes.issueCreditNote(scope, { userId: store.owner.id }, {
    invoiceId,
    lines: [{ orderLineId: coffee!.orderLineId, quantity: 1 }, { orderLineId: cement!.orderLineId, quantity: 2 }],
    shipping: true,
    reason: 'Devolución: producto en mal estado',
    restock: true,
  });
  return { store, scope, invoiceId, id };
}

describe('the credit note’s RIDE', () => {
  it('prints the note, the invoice it modifies, the reason, the lines, the subtotals and the value, in the page’s language', async () => {
    const { scope, invoiceId, id } = await creditedOrder();
    const doc = await t.services.creditNotes.getCreditNote(scope, id);
    const { invoice } = await t.services.invoices.getInvoice(scope, invoiceId);
    // 1 coffee (21.74 at 15 %), 2 bags of cement (17.98 at 5 %) and the shipping (at 15 %).
    expect(doc.bases.map((base) => base.ivaCode)).toEqual(['4', '5']);
    const expected = {
      es: [
        'NOTA DE CRÉDITO',
        'Comprobante que se modifica: FACTURA',
        'Fecha emisión (comprobante a modificar):',
        'Razón de modificación: Devolución: producto en mal estado',
        'SUBTOTAL IVA 15 %',
        'SUBTOTAL IVA 5 %',
        'SUBTOTAL IVA 0 %',
        'SUBTOTAL NO OBJETO DE IVA',
        'SUBTOTAL EXENTO DE IVA',
        'IVA 15 %',
        'IVA 5 %',
        'VALOR DE LA MODIFICACIÓN',
        'Envío',
        'OBLIGADO A LLEVAR CONTABILIDAD: SI',
        'CONTRIBUYENTE RÉGIMEN RIMPE',
      ],
      en: [
        'CREDIT NOTE',
        'Document modified: INVOICE',
        'Issue date (document modified):',
        'Reason for the modification: Devolución: producto en mal estado',
        'SUBTOTAL VAT 15 %',
        'SUBTOTAL VAT 5 %',
        'SUBTOTAL VAT 0 %',
        'SUBTOTAL NOT SUBJECT TO VAT',
        'SUBTOTAL VAT EXEMPT',
        'VAT 15 %',
        'VAT 5 %',
        'VALUE OF THE MODIFICATION',
        'Shipping',
        'REQUIRED TO KEEP ACCOUNTS: YES',
        'CONTRIBUYENTE RÉGIMEN RIMPE',
      ],
    };
    for (const locale of ['es', 'en'] as const) {
      const { pdf, fileName } = await t.services.creditNotes.getCreditNotePdf(scope, id, locale);
      expect(fileName).toBe(`nota-credito-${doc.note.number}.pdf`);
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      if (process.env.INVOICE_PDF_DIR) writeFileSync(`${process.env.INVOICE_PDF_DIR}/credit-note-${locale}.pdf`, pdf);
      const text = flat(await pdfText(pdf));
      for (const line of expected[locale]) expect(text).toContain(line);
      expect(text).toContain(doc.note.number);
      expect(text).toContain(doc.note.accessKey);
      expect(text).toContain(`${locale === 'es' ? 'FACTURA' : 'INVOICE'} ${invoice.number}`);
      expect(text).toContain(formatTypedDate(doc.invoiceIssuedOn, locale));
      expect(text).toContain('Íñigo Núñez');
      expect(text).toContain('Café de Loja 500 g');
      expect(text).not.toContain('Libro'); // not credited
      // The value: the note's total, in the page's money format (es-EC writes a decimal comma).
      const total = (doc.note.totalCents / 100).toFixed(2);
      expect(text).toContain(`$${locale === 'es' ? total.replace('.', ',') : total}`);
      const base15 = (doc.bases[0]!.baseCents / 100).toFixed(2);
      expect(text).toContain(locale === 'es' ? base15.replace('.', ',') : base15);
      // The long SKU wraps inside its column, in pieces that add up to it, with no hyphen added.
      expect(text).not.toContain(LONG_SKU);
      expect(text.replace(/ /g, '')).toContain(LONG_SKU);
      expect(text).not.toMatch(/CAFE[A-Z0-9 ]*-/);
      // Not authorized yet: the RIDE says it has no tax validity.
      expect(text).toContain(locale === 'es' ? 'sin validez tributaria' : 'Not valid for tax purposes');
    }
  });

  it('is rendered once per language on the RIDE thread and kept; another store’s is not found', async () => {
    const { store, scope, id } = await creditedOrder();
    const before = invoicePdfRenderer.stats().renders;
    const first = await t.services.creditNotes.getCreditNotePdf(scope, id, 'es');
    expect(invoicePdfRenderer.stats().renders).toBe(before + 1);
    const note = (await t.services.creditNotes.getCreditNote(scope, id)).note;
    const kept = await t.deps.storage.read(keptCreditNotePdfKey(store.id, note, 'es'));
    expect(kept && Buffer.compare(kept, first.pdf)).toBe(0);
    const again = await t.services.creditNotes.getCreditNotePdf(scope, id, 'es');
    expect(Buffer.compare(again.pdf, first.pdf)).toBe(0);
    expect(invoicePdfRenderer.stats().renders).toBe(before + 1);

    const other = await makeStore(t);
    const otherScope = (await ownStoreScope(t.deps, { userId: other.owner.id }))!;
    const error = await t.services.creditNotes.getCreditNotePdf(otherScope, id, 'es').then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(404);
  });
});
