import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore } from '../../../../tests/support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { amount, paymentCode, xmlText } from './invoice-xml.ts';
import { insertTestOrder, setTaxSettings } from './invoice.fixtures.ts';

// The `factura` XML (SRI schema 1.1.0): well-formed to a strict reader, escaped, and its figures
// adding up to the invoice's. No XML parser is installed, so the reader is this small strict one:
// it accepts only what XML 1.0 allows of the subset we write and fails on anything else.

type XmlNode = { name: string; attributes: Record<string, string>; children: XmlNode[]; text: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decode(text: string): string {
  if (/[<>]/.test(text)) throw new Error(`raw markup in text: ${text}`);
  return text.replace(/&([^;]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';') || !(name in ENTITIES)) throw new Error(`bad entity: ${whole}`);
    return ENTITIES[name]!;
  });
}

function parseXml(source: string): XmlNode {
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/.exec(source);
  if (!declaration) throw new Error('missing XML declaration');
  const root: XmlNode = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  const token = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*>|([^<]+)/y;
  token.lastIndex = declaration[0].length;
  while (token.lastIndex < source.length) {
    const at = token.lastIndex;
    const match = token.exec(source);
    if (!match || match.index !== at) throw new Error(`not well-formed at ${at}: ${source.slice(at, at + 40)}`);
    const [, closing, name, attributes, text] = match;
    const top = stack[stack.length - 1]!;
    if (text !== undefined) {
      if (stack.length === 1 && text.trim() !== '') throw new Error('text outside the root');
      top.text += decode(text);
    } else if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
    } else {
      if (stack.length === 1 && root.children.length > 0) throw new Error('two roots');
      const node: XmlNode = { name: name!, attributes: {}, children: [], text: '' };
      for (const [, key, value] of attributes!.matchAll(/([A-Za-z_][\w.-]*)="([^"]*)"/g)) node.attributes[key!] = decode(value!);
      top.children.push(node);
      stack.push(node);
    }
  }
  if (stack.length !== 1 || root.children.length !== 1) throw new Error('unclosed elements');
  return root.children[0]!;
}

const child = (node: XmlNode, name: string) => {
  const found = node.children.find((each) => each.name === name);
  if (!found) throw new Error(`no <${name}> in <${node.name}>`);
  return found;
};
const all = (node: XmlNode, name: string) => node.children.filter((each) => each.name === name);
const text = (node: XmlNode, path: string) => path.split('/').reduce(child, node).text;
const cents = (value: string) => {
  expect(value).toMatch(/^\d+\.\d{2}$/);
  return Math.round(Number(value) * 100);
};

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

describe('the strict reader', () => {
  it.each(['<a><b></a></b>', '<a>x & y</a>', '<a>1 < 2</a>', '<a b=c></a>', '<a></a><b></b>', '<a>'])('refuses %s', (xml) => {
    expect(() => parseXml(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`)).toThrow();
  });
});

describe('the factura XML', () => {
  it('states each payment method in SRI\u2019s forms (tabla 24): a gateway\u2019s card or wallet as 20, and no method guessed', () => {
    expect(['cash_on_delivery', 'bank_transfer', 'payphone', 'paypal'].map(paymentCode)).toEqual(['01', '20', '20', '20']);
    expect(() => paymentCode('bitcoin')).toThrow(RangeError);
  });

  it('escapes text and writes amounts with two decimals', () => {
    expect(xmlText(`A&B <c> "d" 'e'\u0001`)).toBe('A&amp;B &lt;c&gt; &quot;d&quot; &apos;e&apos;');
    expect([0, 5, 120, 123456, -75].map(amount)).toEqual(['0.00', '0.05', '1.20', '1234.56', '-0.75']);
  });

  it('is well-formed, follows schema 1.1.0\u2019s order and adds up to the invoice', async () => {
    const store = await makeStore(t);
    await setTaxSettings(t, store, { businessName: 'Andes & Co. <Quito>' });
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    const order = await insertTestOrder(t, store, {
      lines: [
        { name: 'Café "especial" & <tostado>', sku: 'C-1', unitPriceCents: 1333, quantity: 3, discountBp: 1000, ivaCode: '4' },
        { name: 'Libro', unitPriceCents: 1500, quantity: 1, ivaCode: '0' },
        { name: 'Taza', sku: 'T-9', unitPriceCents: 499, quantity: 2, ivaCode: '4' },
      ],
    });
    const { id } = await t.services.invoices.issueInvoice(scope, { orderId: order.id });
    const { invoice } = await t.services.invoices.getInvoice(scope, id);
    const { xml, fileName } = await t.services.invoices.getInvoiceXml(scope, id);
    expect(fileName).toBe(`factura-${invoice.number}.xml`);

    const factura = parseXml(xml);
    expect(factura).toMatchObject({ name: 'factura', attributes: { id: 'comprobante', version: '1.1.0' } });
    expect(factura.children.map((node) => node.name)).toEqual(['infoTributaria', 'infoFactura', 'detalles', 'infoAdicional']);
    const tributaria = child(factura, 'infoTributaria');
    expect(tributaria.children.map((node) => node.name)).toEqual(['ambiente', 'tipoEmision', 'razonSocial', 'nombreComercial', 'ruc', 'claveAcceso', 'codDoc', 'estab', 'ptoEmi', 'secuencial', 'dirMatriz']);
    expect(text(tributaria, 'razonSocial')).toBe('Andes & Co. <Quito>');
    expect(text(tributaria, 'claveAcceso')).toBe(invoice.accessKey);
    expect([text(tributaria, 'estab'), text(tributaria, 'ptoEmi'), text(tributaria, 'secuencial')].join('-')).toBe(invoice.number);

    const info = child(factura, 'infoFactura');
    expect(text(info, 'fechaEmision')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(text(info, 'tipoIdentificacionComprador')).toBe('05');
    const detalles = all(child(factura, 'detalles'), 'detalle');
    expect(detalles.map((line) => text(line, 'descripcion'))).toEqual(['Café "especial" & <tostado>', 'Libro', 'Taza', 'Envío']);

    // Each line: quantity × price − discount = its base; its tax is its base at its rate.
    let sumBase = 0;
    let sumTax = 0;
    let sumDiscount = 0;
    for (const line of detalles) {
      const base = cents(text(line, 'precioTotalSinImpuesto'));
      expect(cents(text(line, 'precioUnitario')) * Number(text(line, 'cantidad')) - cents(text(line, 'descuento'))).toBe(base);
      const tax = child(child(line, 'impuestos'), 'impuesto');
      expect(cents(text(tax, 'baseImponible'))).toBe(base);
      expect(cents(text(tax, 'valor'))).toBe(Math.round((base * Number(text(tax, 'tarifa'))) / 100));
      sumBase += base;
      sumTax += cents(text(tax, 'valor'));
      sumDiscount += cents(text(line, 'descuento'));
    }
    const totals = all(child(info, 'totalConImpuestos'), 'totalImpuesto');
    expect(totals.map((each) => text(each, 'codigoPorcentaje'))).toEqual(['4', '0']);
    expect(totals.map((each) => cents(text(each, 'baseImponible')))).toEqual([invoice.baseTaxedCents, invoice.baseZeroCents]);
    expect(totals.reduce((sum, each) => sum + cents(text(each, 'valor')), 0)).toBe(invoice.taxCents);
    expect(cents(text(info, 'totalSinImpuestos'))).toBe(sumBase);
    expect(sumBase).toBe(invoice.baseTaxedCents + invoice.baseZeroCents);
    expect(sumTax).toBe(invoice.taxCents);
    expect(cents(text(info, 'totalDescuento'))).toBe(sumDiscount);
    expect(cents(text(info, 'importeTotal'))).toBe(sumBase + sumTax);
    expect(cents(text(info, 'importeTotal'))).toBe(invoice.totalCents);
    expect(cents(text(info, 'pagos/pago/total'))).toBe(invoice.totalCents);
    expect(invoice.totalCents).toBe(order.totalCents);
  });
});
