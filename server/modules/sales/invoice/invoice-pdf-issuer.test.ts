import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore } from '../../../../tests/support/factories.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { insertTestOrder, setTaxSettings } from './invoice.fixtures.ts';

// Issue 37 §9, the RIDE's issuer notices: both addresses, whether the issuer keeps accounts, its
// RIMPE legend (SRI's own words in either language) and its withholding agent resolution, and the
// payment's SRI code and text with its amount — as issued, not as the settings say later.
// `INVOICE_PDF_DIR` keeps the files, to look at them (pdftoppm -png -r 80).
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the RIDE’s issuer and payment', () => {
  it('prints the addresses, the notices and the payment with its amount, in the page’s language', async () => {
    const store = await makeStore(t);
    await setTaxSettings(t, store, {
      headOfficeAddress: 'Av. 10 de Agosto N21-45, Quito',
      establishmentAddress: 'Calle Bolívar 12-34, Loja',
      accountingObligated: 'yes',
      rimpe: 'negocio_popular',
      withholdingAgent: '7',
    });
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    const order = await insertTestOrder(t, store);
    const { id } = await t.services.invoices.issueInvoice(scope, { orderId: order.id });
    // Changed after issuing: the RIDE keeps what the invoice was issued with.
    await setTaxSettings(t, store, { headOfficeAddress: 'Otra', establishmentAddress: 'Otro', accountingObligated: 'no', rimpe: 'none' });
    const { invoice } = await t.services.invoices.getInvoice(scope, id);
    const expected = {
      es: ['Dirección matriz: Av. 10 de Agosto N21-45, Quito', 'Dirección establecimiento: Calle Bolívar 12-34, Loja', 'OBLIGADO A LLEVAR CONTABILIDAD: SI', 'Agente de Retención Resolución No. 7', 'Forma de pago Valor', '01 - Sin utilización del sistema financiero'],
      en: ['Head office address: Av. 10 de Agosto N21-45, Quito', 'Establishment address: Calle Bolívar 12-34, Loja', 'REQUIRED TO KEEP ACCOUNTS: YES', 'Withholding agent, resolution No. 7', 'Payment method Amount', '01 - Without use of the financial system'],
    };
    for (const locale of ['es', 'en'] as const) {
      const { pdf } = await t.services.invoices.getInvoicePdf(scope, id, locale);
      if (process.env.INVOICE_PDF_DIR) writeFileSync(`${process.env.INVOICE_PDF_DIR}/invoice-issuer-${locale}.pdf`, pdf);
      const text = flat(await pdfText(pdf));
      for (const line of expected[locale]) expect(text).toContain(line);
      expect(text).toContain('CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE');
      expect(text).not.toContain('Otro');
      // The payment's amount is the invoice's total, in the page's money format.
      const total = (invoice.totalCents / 100).toFixed(2);
      const money = locale === 'es' ? `$${total.replace('.', ',')}` : `$${total}`;
      expect(text).toMatch(new RegExp(`${expected[locale][5]} \\${money}`));
    }
  });
});
