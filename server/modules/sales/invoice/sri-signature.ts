import { createHash, randomUUID, sign } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { C14nCanonicalization, findAncestorNs } from 'xml-crypto';
import type { OpenedCertificate } from '#server/modules/sales/sri-certificate/sri-certificate.ts';

// The XAdES-BES enveloped signature SRI asks of every comprobante (Ficha técnica de comprobantes
// electrónicos, esquema offline, §"Firma electrónica"): XAdES-BES 1.3.2, enveloped, RSA-SHA1 with
// SHA-1 digests, canonical XML 1.0 (inclusive, without comments). The sheet names SHA-1 and SRI's
// validator and the signers Ecuadorian businesses run (SRI's own Java signer, ec-sri-invoice-signer)
// all use it; a SHA-256 signature is not what the sheet describes, so we do not risk it.
//
// SignedInfo carries three references, as SRI's own signer writes them: the SignedProperties, the
// KeyInfo (so the certificate is signed too) and the document (`#comprobante`, with the
// enveloped-signature transform). The QualifyingProperties hold SigningTime, SigningCertificate
// (the certificate's SHA-1 digest, issuer name and serial) and a DataObjectFormat (text/xml) for the
// document's reference.
//
// xml-crypto (the XML signature library node-saml keeps) canonicalizes, on an @xmldom/xmldom tree;
// Node's crypto computes the digests and the RSA signature natively (milliseconds, no worker
// needed). The signature is written into the document's own text, before its closing tag, so every
// byte of the comprobante stays as it was written.

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const XADES = 'http://uri.etsi.org/01903/v1.3.2#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const SIGNED_PROPERTIES = 'http://uri.etsi.org/01903#SignedProperties';

/** The id SRI's schemas give every comprobante's root, which the document's reference names. */
const COMPROBANTE_ID = 'comprobante';

const canonicalizer = new C14nCanonicalization();

const digest = (text: string) => createHash('sha1').update(text, 'utf8').digest('base64');

/** Base64url (JWK) → base64 as XML Signature writes a CryptoBinary. */
const base64 = (base64url: string) => Buffer.from(base64url, 'base64url').toString('base64');

/** Text for an XML element or attribute we write (the issuer's name can hold `&` or `<`). */
const escape = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function parse(xml: string) {
  const errors: string[] = [];
  let doc;
  try {
    doc = new DOMParser({ onError: (level, message) => (level === 'warning' ? undefined : errors.push(message)) }).parseFromString(xml, 'text/xml');
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
  if (errors.length > 0 || !doc?.documentElement) throw new Error(`the document to sign is not well-formed XML: ${errors[0] ?? 'no root element'}`);
  return doc;
}

/** The canonical form of the element whose Id is `id`, with the namespaces it inherits, as a verifier computes it. */
function canonicalById(doc: ReturnType<typeof parse>, id: string): string {
  const xpath = `//*[@Id='${id}']`;
  const node = Array.from(doc.getElementsByTagName('*')).find((each) => each.getAttribute('Id') === id);
  if (!node) throw new Error(`no element ${id} in the signature`);
  return canonicalizer.process(node as unknown as Node, { ancestorNamespaces: findAncestorNs(doc as unknown as Document, xpath) });
}

/** Local time at Ecuador's offset (UTC−5, no daylight saving), as SRI's signer writes SigningTime. */
function ecuadorTime(instant: Date): string {
  return `${new Date(instant.getTime() - 5 * 3_600_000).toISOString().slice(0, 19)}-05:00`;
}

/**
 * Signs a comprobante (`<factura id="comprobante" …>`, `<notaCredito …>`) with the merchant's
 * certificate and returns the signed document: the same text with `ds:Signature` as the root's last
 * child. `signingTime` is the moment stated in the signature (the service's clock).
 */
export function signSriDocument(xml: string, certificate: OpenedCertificate, signingTime: Date): string {
  const doc = parse(xml);
  const root = doc.documentElement!;
  if (root.getAttribute('id') !== COMPROBANTE_ID) throw new Error(`the root <${root.tagName}> has no id="${COMPROBANTE_ID}" for the signature to name`);
  if (root.getElementsByTagNameNS(DS, 'Signature').length > 0) throw new Error('the document is already signed');
  const closing = xml.lastIndexOf(`</${root.tagName}>`);
  if (closing < 0) throw new Error(`no closing </${root.tagName}> to put the signature before`);

  // The enveloped-signature transform removes the signature again: the document's digest is the
  // canonical form of the root as it is before signing.
  const documentDigest = digest(canonicalizer.process(root as unknown as Node, {}));

  const key = certificate.privateKey.export({ format: 'jwk' });
  if (key.kty !== 'RSA' || !key.n || !key.e) throw new Error('SRI signatures are RSA: the certificate has no RSA key');
  const der = certificate.certificate.raw;
  const suffix = randomUUID();
  const ids = {
    signature: `Signature-${suffix}`,
    signedInfo: `SignedInfo-${suffix}`,
    signedProperties: `SignedProperties-${suffix}`,
    signedPropertiesRef: `SignedPropertiesRef-${suffix}`,
    keyInfo: `Certificate-${suffix}`,
    keyInfoRef: `CertificateRef-${suffix}`,
    documentRef: `DocumentRef-${suffix}`,
    signatureValue: `SignatureValue-${suffix}`,
    object: `SignatureObject-${suffix}`,
  };

  const keyInfo =
    `<ds:KeyInfo Id="${ids.keyInfo}"><ds:X509Data><ds:X509Certificate>${der.toString('base64')}</ds:X509Certificate></ds:X509Data>` +
    `<ds:KeyValue><ds:RSAKeyValue><ds:Modulus>${base64(key.n)}</ds:Modulus><ds:Exponent>${base64(key.e)}</ds:Exponent></ds:RSAKeyValue></ds:KeyValue></ds:KeyInfo>`;
  const qualifyingProperties =
    `<ds:Object Id="${ids.object}"><xades:QualifyingProperties xmlns:xades="${XADES}" Target="#${ids.signature}">` +
    `<xades:SignedProperties Id="${ids.signedProperties}"><xades:SignedSignatureProperties>` +
    `<xades:SigningTime>${ecuadorTime(signingTime)}</xades:SigningTime>` +
    `<xades:SigningCertificate><xades:Cert><xades:CertDigest><ds:DigestMethod Algorithm="${SHA1}"/>` +
    `<ds:DigestValue>${createHash('sha1').update(der).digest('base64')}</ds:DigestValue></xades:CertDigest>` +
    `<xades:IssuerSerial><ds:X509IssuerName>${escape(certificate.issuerName)}</ds:X509IssuerName>` +
    `<ds:X509SerialNumber>${certificate.serial}</ds:X509SerialNumber></xades:IssuerSerial></xades:Cert></xades:SigningCertificate>` +
    `</xades:SignedSignatureProperties><xades:SignedDataObjectProperties>` +
    `<xades:DataObjectFormat ObjectReference="#${ids.documentRef}"><xades:Description>contenido comprobante</xades:Description>` +
    `<xades:MimeType>text/xml</xades:MimeType><xades:Encoding>UTF-8</xades:Encoding></xades:DataObjectFormat>` +
    `</xades:SignedDataObjectProperties></xades:SignedProperties></xades:QualifyingProperties></ds:Object>`;
  const reference = (id: string, uri: string, value: string, extra = '') =>
    `<ds:Reference Id="${id}"${extra} URI="${uri}">` +
    (uri === `#${COMPROBANTE_ID}` ? `<ds:Transforms><ds:Transform Algorithm="${ENVELOPED}"/></ds:Transforms>` : '') +
    `<ds:DigestMethod Algorithm="${SHA1}"/><ds:DigestValue>${value}</ds:DigestValue></ds:Reference>`;
  const signedInfo = (propertiesDigest: string, keyInfoDigest: string) =>
    `<ds:SignedInfo Id="${ids.signedInfo}"><ds:CanonicalizationMethod Algorithm="${C14N}"/><ds:SignatureMethod Algorithm="${RSA_SHA1}"/>` +
    reference(ids.signedPropertiesRef, `#${ids.signedProperties}`, propertiesDigest, ` Type="${SIGNED_PROPERTIES}"`) +
    reference(ids.keyInfoRef, `#${ids.keyInfo}`, keyInfoDigest) +
    reference(ids.documentRef, `#${COMPROBANTE_ID}`, documentDigest) +
    `</ds:SignedInfo>`;
  const signed = (info: string, value: string) =>
    xml.slice(0, closing) +
    `<ds:Signature xmlns:ds="${DS}" Id="${ids.signature}">${info}<ds:SignatureValue Id="${ids.signatureValue}">${value}</ds:SignatureValue>${keyInfo}${qualifyingProperties}</ds:Signature>` +
    xml.slice(closing);

  // The digests of KeyInfo and SignedProperties are those of their canonical forms in place, with
  // the namespaces they inherit there: computed on the signed document's tree, as a verifier does.
  const draft = parse(signed(signedInfo('', ''), ''));
  const info = signedInfo(digest(canonicalById(draft, ids.signedProperties)), digest(canonicalById(draft, ids.keyInfo)));
  const canonicalInfo = canonicalById(parse(signed(info, '')), ids.signedInfo);
  const value = sign('sha1', Buffer.from(canonicalInfo, 'utf8'), certificate.privateKey).toString('base64');
  return signed(info, value);
}
