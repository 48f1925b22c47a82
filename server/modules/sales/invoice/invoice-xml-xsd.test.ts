import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { StoreSalesInvalid } from '#server/modules/sales/store-sales/store-sales.service.ts';
import { ivaBp, OFFERED_IVA_CODES } from '#common/iva.ts';
import { RIMPE_REGIMES } from '#common/sri-issuer.ts';
import { makeStore, type TestStore } from '../../../../tests/support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';
import { type InvoiceDocument, type InvoiceLine, type InvoiceRow, taxBases } from './invoice-document.ts';
import { invoiceXml } from './invoice-xml.ts';
import { insertTestOrder, setTaxSettings, TEST_RUC } from './invoice.fixtures.ts';
import { describeSriXsdErrors, sriXsdErrors } from './sri-xsd.ts';

// Issue 37 §4: every invoice's XML is valid against SRI's `factura` schema (1.1.0), checked by a
// real XML Schema validator (libxml2, sri-xsd.ts). Thousands of invoices made in memory from random
// orders — any Unicode, emoji, control characters, line breaks, `<&>"'`, texts far past SRI's
// lengths, the largest quantities and amounts an order may hold (decision 078) — go through the
// real `invoiceXml`; a failure prints the element libxml2 names. Then a few through the real issue
// path, on the database the suite runs on.

/** Characters that break XML or SRI's one-line texts, and ones that only look harmless. */
const HOSTILE = ['<', '&', '>', '"', "'", '\n', '\r', '\r\n', '\t', '\u0000', '\u0001', '\u0008', '\u000B', '\u001F', '\u007F', '\u0085', '\u00A0', '\u2028', '\uFEFF', '\uD800', '\uDFFF', '\uFFFE', '\uFFFF', '😀', '👩🏽‍💻', 'ñ', 'É', '́', ' ', ']]>', '&amp;', '<!--'];
const unit = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE) }, { weight: 5, arbitrary: fc.string({ unit: 'grapheme', maxLength: 1 }) }, { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 1 }) });
const hostile = fc.oneof({ weight: 4, arbitrary: fc.string({ unit, maxLength: 40 }) }, { weight: 1, arbitrary: fc.string({ unit, minLength: 280, maxLength: 420 }) });
/** A text the typed field required: at least one character that is not a space. */
const filled = fc.tuple(hostile, fc.constantFrom('a', 'Ñ', '9', '😀', '&', '<'), hostile).map((parts) => parts.join(''));
const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

/** The most an order amounts to (decision 078, `MAX_ORDER_CENTS`): USD 1,000,000. */
const MAX_ORDER_CENTS = 100_000_000;

const lineArb = fc.record({
  code: fc.oneof(hostile, digits(1, 3)),
  name: filled,
  quantity: fc.oneof(fc.constant(999), fc.integer({ min: 1, max: 999 })),
  share: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
  discountBp: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
  ivaCode: fc.constantFrom(...OFFERED_IVA_CODES),
});

const orderArb = fc.record({
  lines: fc.oneof({ weight: 9, arbitrary: fc.array(lineArb, { minLength: 1, maxLength: 6 }) }, { weight: 1, arbitrary: fc.array(lineArb, { minLength: 50, maxLength: 50 }) }),
  shippingCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_000_000 })),
  businessName: filled,
  tradeName: hostile,
  buyerName: filled,
  buyerAddress: hostile,
  buyerEmail: hostile,
  // Every buyer type SRI takes (tabla 6), each number of the shape its type's check lets through.
  buyer: fc.oneof(
    digits(10, 10).map((n) => ['cedula', n] as const),
    digits(10, 10).map((n) => ['ruc', `${n}001`] as const),
    fc.string({ unit: fc.constantFrom(...'ABCXYZ0123456789'), minLength: 5, maxLength: 20 }).map((n) => ['passport', n] as const),
    fc.string({ unit: fc.constantFrom(...'ABC0123456789.-'), minLength: 3, maxLength: 20 }).map((n) => ['foreign', `X${n}`.slice(0, 20)] as const),
    fc.constant(['final', '9999999999999'] as const),
  ),
  ruc: digits(10, 10).map((n) => `${n}001`),
  headOfficeAddress: filled,
  establishmentAddress: hostile,
  accountingObligated: fc.constantFrom('', 'yes', 'no') as fc.Arbitrary<InvoiceDocument['issuer']['accountingObligated']>,
  rimpe: fc.constantFrom(...RIMPE_REGIMES),
  withholdingAgent: fc.oneof(fc.constant(''), digits(1, 8)),
  paymentMethod: fc.constantFrom('cash_on_delivery', 'bank_transfer', 'payphone', 'paypal'),
  environment: fc.constantFrom(1, 2),
  issuedOn: fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((day) => day.toISOString().slice(0, 10)),
  sequence: fc.integer({ min: 1, max: 999_999_999 }),
  orderNumber: fc.integer({ min: 1, max: 2_000_000_000 }),
  accessKey: digits(49, 49),
});

/** An invoice document as the service assembles one, its figures each rounded once and within the order bound. */
function documentOf(order: typeof orderArb extends fc.Arbitrary<infer T> ? T : never): InvoiceDocument {
  // Each line's share of the bound, so the whole order (with IVA and shipping) stays within it.
  const budget = (MAX_ORDER_CENTS - order.shippingCents) / order.lines.length / 1.15;
  const lines: InvoiceLine[] = order.lines.map((line) => {
    const unitPriceCents = Math.floor((line.share * budget) / line.quantity);
    const gross = unitPriceCents * line.quantity;
    const discountCents = Math.round((gross * line.discountBp) / 10_000);
    const baseCents = gross - discountCents;
    const taxBp = ivaBp(line.ivaCode);
    return { code: line.code, name: line.name, quantity: line.quantity, unitPriceCents, discountCents, baseCents, ivaCode: line.ivaCode, taxBp, taxCents: Math.round((baseCents * taxBp) / 10_000), shipping: false };
  });
  if (order.shippingCents > 0) lines.push({ code: 'ENVIO', name: 'Envío', quantity: 1, unitPriceCents: order.shippingCents, discountCents: 0, baseCents: order.shippingCents, ivaCode: '4', taxBp: 1500, taxCents: Math.round(order.shippingCents * 0.15), shipping: true });
  const bases = taxBases(lines);
  const sum = (pick: (base: (typeof bases)[number]) => number, where = (_: (typeof bases)[number]) => true) => bases.filter(where).reduce((total, base) => total + pick(base), 0);
  const baseTaxedCents = sum((base) => base.baseCents, (base) => base.taxBp > 0);
  const baseZeroCents = sum((base) => base.baseCents, (base) => base.taxBp === 0);
  const taxCents = sum((base) => base.taxCents);
  const discountCents = lines.reduce((total, line) => total + line.discountCents, 0);
  const [establishment, emissionPoint] = ['001', '002'];
  const invoice = {
    id: 1,
    orderId: 1,
    establishment,
    emissionPoint,
    sequence: order.sequence,
    number: `${establishment}-${emissionPoint}-${String(order.sequence).padStart(9, '0')}`,
    accessKey: order.accessKey,
    environment: order.environment,
    ruc: order.ruc,
    businessName: order.businessName,
    buyerName: order.buyerName,
    buyerDocumentType: order.buyer[0],
    buyerDocumentNumber: order.buyer[1],
    buyerEmail: order.buyerEmail,
    buyerAddress: order.buyerAddress,
    ivaBp: 1500,
    subtotalCents: baseTaxedCents + baseZeroCents + discountCents,
    discountCents,
    baseTaxedCents,
    baseZeroCents,
    taxCents,
    shippingCents: order.shippingCents,
    totalCents: baseTaxedCents + baseZeroCents + taxCents,
    issuedAt: `${order.issuedOn}T12:00:00.000Z`,
    sriStatus: 'unsigned',
    issuerHeadOfficeAddress: order.headOfficeAddress,
    issuerEstablishmentAddress: order.establishmentAddress,
    issuerAccountingObligated: order.accountingObligated,
    issuerRimpe: order.rimpe,
    issuerWithholdingAgent: order.withholdingAgent,
  } as unknown as InvoiceRow;
  return {
    invoice,
    lines,
    bases,
    issuer: { tradeName: order.tradeName, headOfficeAddress: order.headOfficeAddress, establishmentAddress: order.establishmentAddress, accountingObligated: order.accountingObligated, rimpe: order.rimpe, withholdingAgent: order.withholdingAgent },
    issuedOn: order.issuedOn,
    paymentMethod: order.paymentMethod,
    orderNumber: order.orderNumber,
  };
}

/** Asserts the document is valid, printing every element libxml2 refused and the document. */
async function expectValid(xml: string) {
  const errors = await sriXsdErrors(xml);
  if (errors.length > 0) expect.fail(`not valid against factura_V1.1.0.xsd:\n${describeSriXsdErrors(errors)}\n\n${xml}`);
}

describe('SRI’s schema, by a real validator', () => {
  it('names the element a wrong document breaks', async () => {
    const valid = invoiceXml(documentOf(fc.sample(orderArb, { numRuns: 1, seed: 37 })[0]!));
    await expectValid(valid);
    const broken = valid.replace(/<ruc>(\d{10})001<\/ruc>/, '<ruc>$1002</ruc>').replace(/<detalle>(<codigoPrincipal>[^<]*<\/codigoPrincipal>)?/, `<detalle><codigoPrincipal>${'X'.repeat(26)}</codigoPrincipal>`);
    const errors = await sriXsdErrors(broken);
    expect(errors.map((error) => error.element)).toEqual(['ruc', 'codigoPrincipal']);
    expect(errors[1]!.path).toBe('/factura/detalles/detalle[1]/codigoPrincipal');
    expect(await sriXsdErrors('<factura><infoTributaria>')).not.toEqual([]);
  });

  it('takes every invoice made from random orders, hostile texts and the largest amounts included', async () => {
    await fc.assert(
      fc.asyncProperty(orderArb, async (order) => {
        await expectValid(invoiceXml(documentOf(order)));
      }),
      { numRuns: 3000 },
    );
  }, 60_000);
});

describe('an invoice issued from the store’s settings', () => {
  let t: TestDatabase;
  let store: TestStore;
  let scope: StoreScope;
  beforeAll(async () => {
    t = await createTestDatabase();
    store = await makeStore(t);
    scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  });
  afterAll(() => t.dispose());

  /** The invoice's XML as downloaded: made from the row, or the bytes kept once signed. */
  const xmlOf = async (id: number) => {
    const { xml } = await t.services.invoices.getInvoiceXml(scope, id);
    return typeof xml === 'string' ? xml : Buffer.from(xml).toString('utf8');
  };

  const issueError = async (orderId: number) => {
    const error = await t.services.invoices.issueInvoice(scope, { orderId }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    return { code: (error as AppError).code, status: (error as AppError).status };
  };

  it('is refused until the store gives its addresses and says whether it keeps accounts, and never writes a placeholder address', async () => {
    const { id: orderId } = await (async () => {
      await setTaxSettings(t, store, { headOfficeAddress: '', establishmentAddress: '', accountingObligated: '' });
      return insertTestOrder(t, store);
    })();
    expect(await issueError(orderId)).toEqual({ code: 'invoice.missingAddresses', status: 409 });
    await setTaxSettings(t, store, { establishmentAddress: '', accountingObligated: '' });
    expect(await issueError(orderId)).toEqual({ code: 'invoice.missingAddresses', status: 409 });
    await setTaxSettings(t, store, { accountingObligated: '' });
    expect(await issueError(orderId)).toEqual({ code: 'invoice.missingAccounting', status: 409 });
    // A RUC of another establishment (…002), saved before the settings refused it: not the issuer's.
    await setTaxSettings(t, store);
    await t.db.updateTable('storeSales').set({ ruc: `${TEST_RUC.slice(0, 10)}002` }).where('storeId', '=', store.id).execute();
    expect(await issueError(orderId)).toEqual({ code: 'invoice.rucNotMain', status: 409 });
    // No number was taken by the refusals: the first invoice is number 1.
    await setTaxSettings(t, store);
    const issued = await t.services.invoices.issueInvoice(scope, { orderId });
    expect(issued.number).toMatch(/-000000001$/);
    const xml = await xmlOf(issued.id);
    expect(xml).not.toContain('<dirMatriz>-</dirMatriz>');
    await expectValid(xml);
  });

  it('refuses, where they are typed, an issuer RUC other than the head office’s and texts on more than one line', async () => {
    const refused = async (settings: Parameters<typeof setTaxSettings>[2]) => {
      const error = await setTaxSettings(t, store, settings).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StoreSalesInvalid);
      return (error as StoreSalesInvalid).fields;
    };
    expect(await refused({ ruc: `${TEST_RUC.slice(0, 10)}002` })).toEqual({ ruc: 'storeSales.rucMain' });
    expect(await refused({ headOfficeAddress: 'Av. Amazonas\nN24-03', establishmentAddress: `Calle ${'x'.repeat(300)}`, businessName: 'Andina\u0007 S.A.' })).toEqual({
      headOfficeAddress: 'storeSales.oneLine',
      establishmentAddress: 'validation.tooLong',
      businessName: 'storeSales.oneLine',
    });
    expect(await refused({ withholdingAgent: 'NAC-DNCRASC20-00000001' })).toEqual({ withholdingAgent: 'storeSales.withholdingAgent' });
    expect(await refused({ accountingObligated: 'si' as never, rimpe: 'rimpe' as never })).toEqual({ accountingObligated: 'validation.invalid', rimpe: 'validation.invalid' });
  });

  it('states the issuer’s facts as they were when issued, valid for every RIMPE regime, and a later change does not touch it', async () => {
    const expected = {
      none: { rimpe: null, agent: null, accounting: 'NO' },
      emprendedor: { rimpe: 'CONTRIBUYENTE RÉGIMEN RIMPE', agent: '1', accounting: 'SI' },
      negocio_popular: { rimpe: 'CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE', agent: null, accounting: 'NO' },
    } as const;
    for (const rimpe of RIMPE_REGIMES) {
      const { accounting, agent } = expected[rimpe];
      const headOfficeAddress = `Matriz ${rimpe} <Quito> & "Norte" ${'😀'.repeat(3)}`;
      await setTaxSettings(t, store, { rimpe, withholdingAgent: agent ?? '', accountingObligated: accounting === 'SI' ? 'yes' : 'no', headOfficeAddress, establishmentAddress: `Local ${rimpe}` });
      const order = await insertTestOrder(t, store, { lines: [{ name: 'Café "de altura" & <tostado>', sku: 'C'.repeat(25), unitPriceCents: 1250, quantity: 999, ivaCode: '4' }] });
      const { id } = await t.services.invoices.issueInvoice(scope, { orderId: order.id });
      await setTaxSettings(t, store, { rimpe: 'none', withholdingAgent: '', headOfficeAddress: 'Otra dirección', establishmentAddress: 'Otro local', accountingObligated: accounting === 'SI' ? 'no' : 'yes' });
      const xml = await xmlOf(id);
      await expectValid(xml);
      const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
      const one = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1]?.replace(/&(\w+);/g, (_, entity: string) => ENTITIES[entity]!) ?? null;
      expect(one('dirMatriz')).toBe(headOfficeAddress);
      expect(one('dirEstablecimiento')).toBe(`Local ${rimpe}`);
      expect(one('obligadoContabilidad')).toBe(accounting);
      expect(one('contribuyenteRimpe')).toBe(expected[rimpe].rimpe);
      expect(one('agenteRetencion')).toBe(agent);
      expect(one('formaPago')).toBe('01');
      expect(one('importeTotal')).toBe(/<pago><formaPago>01<\/formaPago><total>([^<]*)<\/total>/.exec(xml)?.[1]);
    }
  });
});
