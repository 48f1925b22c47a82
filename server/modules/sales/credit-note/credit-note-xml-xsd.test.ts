import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ivaBp, OFFERED_IVA_CODES } from '#common/iva.ts';
import { RIMPE_REGIMES } from '#common/sri-issuer.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { taxBases } from '#server/modules/sales/invoice/invoice-document.ts';
import { insertTestOrder, setTaxSettings } from '#server/modules/sales/invoice/invoice.fixtures.ts';
import { describeSriXsdErrors, sriXsdErrors } from '#server/modules/sales/invoice/sri-xsd.ts';
import { makeStore } from '../../../../tests/support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';
import type { CreditNoteDocument } from './credit-note-document.ts';
import { creditNoteXml } from './credit-note-xml.ts';

// Issue 37 §7: a credit note's XML is valid against SRI's `notaCredito` schema (1.1.0), checked by
// libxml2 (sri-xsd.ts): hundreds made in memory from hostile texts (stored before the typed fields
// refused them) and every buyer type, then notes issued through the service on the suite's database.

const HOSTILE = ['<', '&', '>', '"', "'", '\n', '\r\n', '\t', '\u0000', '\u0001', '\u001F', '\u007F', '\u0085', '\u2028', '\uFEFF', '\uD800', '\uFFFE', '😀', 'ñ', ']]>', '<!--'];
const unit = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE) }, { weight: 5, arbitrary: fc.string({ unit: 'grapheme', maxLength: 1 }) });
const hostile = fc.oneof({ weight: 4, arbitrary: fc.string({ unit, maxLength: 40 }) }, { weight: 1, arbitrary: fc.string({ unit, minLength: 280, maxLength: 420 }) });
const filled = fc.tuple(hostile, fc.constantFrom('a', 'Ñ', '9', '😀', '&'), hostile).map((parts) => parts.join(''));
const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const day = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

const noteArb = fc.record({
  lines: fc.array(fc.record({ code: hostile, name: filled, quantity: fc.integer({ min: 1, max: 999 }), unitPriceCents: fc.integer({ min: 0, max: 100_000 }), ivaCode: fc.constantFrom(...OFFERED_IVA_CODES) }), { minLength: 1, maxLength: 8 }),
  reason: filled,
  buyer: fc.oneof(
    digits(10, 10).map((n) => ['cedula', n] as const),
    digits(10, 10).map((n) => ['ruc', `${n}001`] as const),
    fc.constant(['passport', 'AB12345'] as const),
    fc.constant(['foreign', 'X-123.45'] as const),
    fc.constant(['final', '9999999999999'] as const),
  ),
  buyerName: filled,
  buyerEmail: hostile,
  businessName: filled,
  tradeName: hostile,
  headOfficeAddress: filled,
  establishmentAddress: hostile,
  accountingObligated: fc.constantFrom('', 'yes', 'no') as fc.Arbitrary<CreditNoteDocument['issuer']['accountingObligated']>,
  rimpe: fc.constantFrom(...RIMPE_REGIMES),
  withholdingAgent: fc.oneof(fc.constant(''), digits(1, 8)),
  issuedOn: day,
  invoiceIssuedOn: day,
  sequence: fc.integer({ min: 1, max: 999_999_999 }),
  invoiceSequence: fc.integer({ min: 1, max: 999_999_999 }),
  accessKey: digits(49, 49),
});

function documentOf(arb: typeof noteArb extends fc.Arbitrary<infer T> ? T : never): CreditNoteDocument {
  const lines = arb.lines.map((line, index) => {
    const baseCents = line.unitPriceCents * line.quantity;
    const taxBp = ivaBp(line.ivaCode);
    return { position: index + 1, orderLineId: index + 1, code: line.code, name: line.name, quantity: line.quantity, unitPriceCents: line.unitPriceCents, discountCents: 0, baseCents, ivaCode: line.ivaCode, taxBp, taxCents: Math.round((baseCents * taxBp) / 10_000) };
  });
  const bases = taxBases(lines);
  const baseCents = bases.reduce((sum, base) => sum + base.baseCents, 0);
  const taxCents = bases.reduce((sum, base) => sum + base.taxCents, 0);
  const issuer = { tradeName: arb.tradeName, headOfficeAddress: arb.headOfficeAddress, establishmentAddress: arb.establishmentAddress, accountingObligated: arb.accountingObligated, rimpe: arb.rimpe, withholdingAgent: arb.withholdingAgent };
  return {
    note: { id: 1, invoiceId: 1, orderId: 1, establishment: '001', emissionPoint: '002', sequence: arb.sequence, number: `001-002-${String(arb.sequence).padStart(9, '0')}`, accessKey: arb.accessKey, environment: 1, reason: arb.reason, restocked: 1, baseCents, taxCents, totalCents: baseCents + taxCents, userId: null, issuedAt: `${arb.issuedOn}T12:00:00.000Z`, sriStatus: 'issued', authorizationNumber: null, authorizedAt: null, sriMessageId: null, sriMessage: null, sriMessageDetail: null, sriMessageType: null, sriWaiting: null, sriNextAttemptAt: null, sriAttempts: 0 },
    invoice: {
      id: 1, orderId: 1, number: `001-002-${String(arb.invoiceSequence).padStart(9, '0')}`, issuedAt: `${arb.invoiceIssuedOn}T12:00:00.000Z`, environment: 1, ruc: '1790016919001', businessName: arb.businessName,
      buyerName: arb.buyerName, buyerDocumentType: arb.buyer[0], buyerDocumentNumber: arb.buyer[1], buyerEmail: arb.buyerEmail, shippingCents: 0,
      issuerHeadOfficeAddress: arb.headOfficeAddress, issuerEstablishmentAddress: arb.establishmentAddress, issuerAccountingObligated: arb.accountingObligated, issuerRimpe: arb.rimpe, issuerWithholdingAgent: arb.withholdingAgent,
      shippingIvaCode: '4', shippingTaxCents: 0,
    },
    lines,
    bases,
    issuer,
    issuedOn: arb.issuedOn,
    invoiceIssuedOn: arb.invoiceIssuedOn,
  };
}

async function expectValid(xml: string) {
  const errors = await sriXsdErrors(xml, 'notaCredito');
  if (errors.length > 0) expect.fail(`not valid against NotaCredito_V1.1.0.xsd:\n${describeSriXsdErrors(errors)}\n\n${xml}`);
}

describe('credit note XML against SRI’s notaCredito schema', () => {
  it('is valid for hundreds of notes of hostile texts and every buyer type', async () => {
    await fc.assert(fc.asyncProperty(noteArb, async (arb) => expectValid(creditNoteXml(documentOf(arb)))), { numRuns: 400 });
  });

  it('names the element a broken note breaks', async () => {
    const xml = creditNoteXml(documentOf(fc.sample(noteArb, { numRuns: 1, seed: 7 })[0]!)).replace(/<numDocModificado>[^<]*</, '<numDocModificado>1-2-3<');
    const errors = await sriXsdErrors(xml, 'notaCredito');
    expect(errors.map((error) => error.element)).toContain('numDocModificado');
  });

  describe('issued through the service', () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase();
    });
    afterAll(() => t.dispose());

    it('a partial note, the shipping, and a cancellation’s note are each valid and reference their invoice', async () => {
      const store = await makeStore(t);
      await setTaxSettings(t, store, {});
      const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
      const order = await insertTestOrder(t, store, { lines: [
        { name: 'Camiseta', sku: 'CAM-1', unitPriceCents: 2174, quantity: 3, ivaCode: '4' },
        { name: 'Cemento 50 kg', sku: 'CEM-50', unitPriceCents: 899, quantity: 2, ivaCode: '5' },
        { name: 'Libro', sku: 'LIB-1', unitPriceCents: 999, quantity: 1, ivaCode: '7' },
      ] });
      const invoice = await t.services.invoices.issueInvoice(scope, { orderId: order.id });
      const [shirt] = (await t.services.creditNotes.creditNotesOfOrder(scope, order.id))!.lines;
      const first = await t.services.creditNotes.issueCreditNote(scope, { userId: store.owner.id }, { invoiceId: invoice.id, lines: [{ orderLineId: shirt!.orderLineId, quantity: 1 }], shipping: true, reason: 'Devolución: talla equivocada', restock: true });
      await t.services.orders.changeOrderStatus(scope, { userId: store.owner.id }, order.id, { status: 'cancelled', note: '' });
      const notes = (await t.services.creditNotes.creditNotesOfOrder(scope, order.id))!.notes;
      expect(notes.map((note) => note.id)).toEqual([first.id, expect.any(Number)]);
      for (const note of notes) {
        const { xml } = await t.services.creditNotes.getCreditNoteXml(scope, note.id);
        await expectValid(xml);
        expect(xml).toContain(`<numDocModificado>${invoice.number}</numDocModificado>`);
        expect(xml).toContain('<codDoc>04</codDoc>');
      }
      const last = (await t.services.creditNotes.getCreditNoteXml(scope, notes[1]!.id)).xml;
      // What was left: 2 shirts at 15 %, 2 bags of cement at 5 %, the exempt book; the shipping went with the first.
      expect(last).toMatch(/<codigoPorcentaje>4<\/codigoPorcentaje><baseImponible>43.48<\/baseImponible><valor>6.52<\/valor>/);
      expect(last).toMatch(/<codigoPorcentaje>5<\/codigoPorcentaje><baseImponible>17.98<\/baseImponible><valor>0.90<\/valor>/);
      expect(last).toMatch(/<codigoPorcentaje>7<\/codigoPorcentaje><baseImponible>9.99<\/baseImponible><valor>0.00<\/valor>/);
      expect(last).not.toContain('ENVIO');
    });
  });
});
