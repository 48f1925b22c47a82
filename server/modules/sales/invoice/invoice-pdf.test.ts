import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore } from '../../../../tests/support/factories.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { insertTestOrder, setTaxSettings } from './invoice.fixtures.ts';

// The RIDE PDF: real bytes from @react-pdf/renderer, read back with pdfjs-dist. `INVOICE_PDF_DIR`
// keeps the files, to look at them (pdftoppm -png -r 80).
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

describe('the invoice PDF', () => {
  it('is a PDF in the page\u2019s language with the number, access key, buyer, lines and totals', async () => {
    const store = await makeStore(t, { name: 'Tostadores del Sur' });
    await setTaxSettings(t, store, { businessName: 'Tostadores del Sur Cía. Ltda.' });
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    const order = await insertTestOrder(t, store, { buyer: 'Íñigo Núñez' });
    const { id } = await t.services.invoices.issueInvoice(scope, { orderId: order.id });
    const { invoice } = await t.services.invoices.getInvoice(scope, id);

    for (const locale of ['es', 'en'] as const) {
      const { pdf, fileName } = await t.services.invoices.getInvoicePdf(scope, id, locale);
      expect(fileName).toBe(`factura-${invoice.number}.pdf`);
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      if (process.env.INVOICE_PDF_DIR) writeFileSync(`${process.env.INVOICE_PDF_DIR}/invoice-${locale}.pdf`, pdf);
      const text = await pdfText(pdf);
      expect(text).toContain(invoice.number);
      expect(text).toContain(invoice.accessKey);
      expect(text).toContain('Íñigo Núñez');
      expect(text).toContain('Café de Loja 500 g');
      expect(text).toContain(locale === 'es' ? 'FACTURA' : 'INVOICE');
      expect(text).toContain(locale === 'es' ? 'VALOR TOTAL' : 'TOTAL');
      expect(text).toContain(locale === 'es' ? 'Envío' : 'Shipping');
      // $42.77 (shipping at 15 %, decision 087) in the page's money format: es-EC writes a decimal comma.
      expect(text).toContain(locale === 'es' ? '42,77' : '42.77');
      // SRI's RIDE: a subtotal per rate, the two without a rate apart, and each rate's IVA
      for (const row of locale === 'es' ? ['SUBTOTAL IVA 15 %', 'SUBTOTAL IVA 0 %', 'SUBTOTAL NO OBJETO DE IVA', 'SUBTOTAL EXENTO DE IVA', 'IVA 15 %'] : ['SUBTOTAL VAT 15 %', 'SUBTOTAL VAT 0 %', 'SUBTOTAL NOT SUBJECT TO VAT', 'SUBTOTAL VAT EXEMPT', 'VAT 15 %']) expect(text).toContain(row);
    }
  });
});
