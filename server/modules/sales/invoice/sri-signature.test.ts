import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore } from '../../../../tests/support/factories.ts';
import { makeTestCertificate, type TestCertificate, xmlsecVerify } from '../../../../tests/support/sri-certificates.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';
import { openCertificate, type OpenedCertificate } from '#server/modules/sales/sri-certificate/sri-certificate.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { invoiceXml } from './invoice-xml.ts';
import { insertTestOrder, setTaxSettings, type TestOrderLine } from './invoice.fixtures.ts';
import { signSriDocument } from './sri-signature.ts';

// The XAdES-BES signature of a real invoice (issue 37 §5), checked by an independent verifier:
// Debian's xmlsec1, trusting only the test CA. Its ids: `id` on the comprobante (SRI's schema
// names it so), `Id` on the signature's own elements.

let t: TestDatabase;
let certificate: TestCertificate;
let opened: OpenedCertificate;
beforeAll(async () => {
  t = await createTestDatabase();
  certificate = makeTestCertificate({ holder: 'COMERCIAL ANDINA S.A.' });
  opened = openCertificate(certificate.p12, certificate.password, new Date());
});
afterAll(() => t.dispose());

async function invoiceXmlOf(lines?: TestOrderLine[]) {
  const store = await makeStore(t);
  await setTaxSettings(t, store);
  const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  const order = await insertTestOrder(t, store, { lines, buyer: 'José Ñáñez & Hijos <Cía>' });
  const { id } = await t.services.invoices.issueInvoice(scope, { orderId: order.id });
  return invoiceXml(await t.services.invoices.getInvoice(scope, id));
}

describe('signSriDocument', () => {
  it('signs a real invoice XAdES-BES, enveloped, RSA-SHA1, and xmlsec1 verifies it against the test CA', async () => {
    const xml = await invoiceXmlOf();
    const signed = signSriDocument(xml, opened, new Date('2026-12-06T15:30:00Z'));
    // The document's own bytes are kept; the signature is the root's last child.
    const closing = xml.lastIndexOf('</factura>');
    expect(signed.startsWith(xml.slice(0, closing))).toBe(true);
    expect(signed.endsWith(`</ds:Signature>${xml.slice(closing)}`)).toBe(true);
    // SRI's shape (Ficha técnica): c14n 1.0, rsa-sha1, sha1 digests, three references.
    expect(signed).toContain('<ds:CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>');
    expect(signed).toContain('<ds:SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>');
    expect(signed.match(/<ds:Reference /g)).toHaveLength(3);
    expect(signed).toMatch(/<ds:Reference Id="DocumentRef-[^"]+" URI="#comprobante"><ds:Transforms><ds:Transform Algorithm="http:\/\/www.w3.org\/2000\/09\/xmldsig#enveloped-signature"\/><\/ds:Transforms><ds:DigestMethod Algorithm="http:\/\/www.w3.org\/2000\/09\/xmldsig#sha1"\/>/);
    expect(signed).toMatch(/<ds:Reference Id="SignedPropertiesRef-[^"]+" Type="http:\/\/uri.etsi.org\/01903#SignedProperties" URI="#SignedProperties-/);
    expect(signed).toMatch(/<ds:Reference Id="CertificateRef-[^"]+" URI="#Certificate-/);
    expect(signed).toContain('<xades:SigningTime>2026-12-06T10:30:00-05:00</xades:SigningTime>');
    expect(signed).toContain(`<ds:X509SerialNumber>${opened.serial}</ds:X509SerialNumber>`);
    expect(signed).toContain('<ds:X509IssuerName>CN=Entidad de Certificación de Pruebas,O=Pruebas S.A.,C=EC</ds:X509IssuerName>');
    expect(signed).toContain('<xades:MimeType>text/xml</xades:MimeType>');

    const verified = await xmlsecVerify(signed, certificate.caPem);
    expect(verified.output).toContain('SignedInfo References (ok/all): 3/3');
    expect(verified.ok, verified.output).toBe(true);
  });

  it('fails verification when one byte changes: a price, the signing time, the certificate', async () => {
    const signed = signSriDocument(await invoiceXmlOf(), opened, new Date());
    const price = signed.match(/<precioUnitario>(\d+)\.(\d\d)<\/precioUnitario>/)!;
    const cheaper = signed.replace(price[0], `<precioUnitario>${price[1]}.${price[2] === '00' ? '01' : '00'}</precioUnitario>`);
    expect(cheaper).not.toBe(signed);
    const atPrice = await xmlsecVerify(cheaper, certificate.caPem);
    expect(atPrice.ok).toBe(false);
    expect(atPrice.output).toContain('SignedInfo References (ok/all): 2/3');

    const laterTime = await xmlsecVerify(signed.replace(/(<xades:SigningTime>\d{4})/, (whole) => `${whole.slice(0, -1)}${(Number(whole.at(-1)) + 1) % 10}`), certificate.caPem);
    expect(laterTime.ok).toBe(false);
    // Another CA's certificate does not vouch for this one.
    expect((await xmlsecVerify(signed, makeTestCertificate().caPem)).ok).toBe(false);
    expect((await xmlsecVerify(signed, certificate.caPem)).ok).toBe(true);
  });

  // How long it takes belongs to a benchmark, never a timed test: on a loaded machine a 500 ms bound
  // failed while nothing was wrong (issue 40's integration run).
  it('signs a 50-line invoice, on the event loop, into a document xmlsec1 verifies', async () => {
    // Half at IVA 15 %, half at 0 %, said both ways while the fixtures move from the rate in basis
    // points to SRI's code (issue 37 §2): the fixture reads the one it knows.
    const lines = Array.from({ length: 50 }, (_, index) => ({ name: `Producto ${index + 1} «ñandú»`, sku: `SKU-${index + 1}`, unitPriceCents: 150 + index * 7, quantity: 1 + (index % 3), taxBp: index % 2 ? 1500 : 0, ivaCode: index % 2 ? '4' : '0' })) as unknown as TestOrderLine[];
    const xml = await invoiceXmlOf(lines);
    expect(xml.match(/<detalle>/g)!.length).toBeGreaterThanOrEqual(50);
    const signed = signSriDocument(xml, opened, new Date());
    expect((await xmlsecVerify(signed, certificate.caPem)).ok).toBe(true);
  });

  it('refuses a document it cannot sign as SRI asks', () => {
    expect(() => signSriDocument('<factura version="1.1.0"><x/></factura>', opened, new Date())).toThrow(/id="comprobante"/);
    expect(() => signSriDocument('<factura id="comprobante"><x></factura>', opened, new Date())).toThrow(/well-formed/);
    const signed = signSriDocument('<factura id="comprobante"><x/></factura>', opened, new Date());
    expect(() => signSriDocument(signed, opened, new Date())).toThrow(/already signed/);
  });
});
