import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

// The merchant's signing certificate, read from the PKCS#12 file (.p12/.pfx) an Ecuadorian
// accredited entity issues (Banco Central, Security Data, ANF, Uanataca, Consejo de la
// Judicatura…). Node's crypto cannot read PKCS#12, so node-forge opens the file (its PKCS#12 reader
// is the most used in JavaScript, and the one Ecuadorian open-source signers rely on); the key and
// the certificate then go to Node's own crypto, which signs natively. Those files often hold the
// entity's chain and sometimes an encryption certificate beside the signing one: the one kept is the
// certificate whose public key matches a private key of the file and whose key usage allows signing.

// PKCS#12 v1.1 (RFC 7292, appendix B.1) gives PBES2 the password as its UTF-8 bytes, as OpenSSL 3
// writes its files; forge passes the string's character codes instead, so a password with a tilde
// or an ñ would open the MAC but not the AES-encrypted contents. Patched once (a module evaluated
// again in the same process must not encode twice).
type Pbes2 = ((oid: string, params: unknown, password: string) => unknown) & { utf8?: true };
const pbe = (forge.pki as unknown as { pbe: { getCipherForPBES2: Pbes2 } }).pbe;
if (!pbe.getCipherForPBES2.utf8) {
  const original = pbe.getCipherForPBES2;
  const utf8: Pbes2 = (oid, params, password) => original(oid, params, forge.util.encodeUtf8(password));
  utf8.utf8 = true;
  pbe.getCipherForPBES2 = utf8;
}

/** Why a file is refused, each an i18n key of its own (`sriCertificate.<reason>`). */
export type CertificateProblem = 'notP12' | 'wrongPassword' | 'noKey' | 'expired' | 'notYetValid';

export class CertificateRefused extends Error {
  readonly problem: CertificateProblem;
  constructor(problem: CertificateProblem) {
    super(`certificate refused: ${problem}`);
    this.name = 'CertificateRefused';
    this.problem = problem;
  }
}

export type OpenedCertificate = {
  privateKey: KeyObject;
  certificate: X509Certificate;
  /** The holder: the subject's common name (the person or company SRI knows). */
  holder: string;
  /** The issuing entity: the issuer's common name, else its organization. */
  issuer: string;
  /** The issuer's distinguished name as XAdES writes it (RFC 4514: `CN=…,O=…,C=EC`). */
  issuerName: string;
  /** The serial number in decimal, as `ds:X509SerialNumber` takes it. */
  serial: string;
  notBefore: Date;
  notAfter: Date;
};

type NameAttribute = { shortName?: string; type?: string; value: unknown; valueTagClass?: number };

/** forge hands a UTF8String's bytes as a binary string; the entities write names in UTF-8 (tildes, ñ). */
const valueOf = (each: NameAttribute) => (each.valueTagClass === forge.asn1.Type.UTF8 ? forge.util.decodeUtf8(String(each.value)) : String(each.value));

const attribute = (name: forge.pki.Certificate['subject'], short: string) => {
  const field = name.getField(short) as NameAttribute | null;
  return field ? valueOf(field) : undefined;
};

/** RFC 4514 order (most specific first), as Java's getIssuerX500Principal, and so SRI's signers, write it. */
function distinguishedName(name: forge.pki.Certificate['issuer']): string {
  const escape = (value: string) => value.replace(/[\\,+"<>;=]/g, (c) => `\\${c}`).replace(/^[ #]|[ ]$/g, (c) => `\\${c}`);
  return (name.attributes as NameAttribute[])
    .map((each) => `${each.shortName ?? each.type}=${escape(valueOf(each))}`)
    .reverse()
    .join(',');
}

function canSign(certificate: forge.pki.Certificate): boolean {
  const usage = certificate.getExtension('keyUsage') as { digitalSignature?: boolean; nonRepudiation?: boolean } | undefined;
  // No keyUsage extension: the certificate is not restricted (RFC 5280 §4.2.1.3).
  return !usage || Boolean(usage.digitalSignature || usage.nonRepudiation);
}

function bagsOf(p12: forge.pkcs12.Pkcs12Pfx, type: string) {
  return p12.getBags({ bagType: type })[type] ?? [];
}

/**
 * Opens a PKCS#12 file with its password and returns its signing key and certificate, or throws
 * CertificateRefused saying why. `now` decides expiry: a certificate past its not-after date, or
 * before its not-before date, signs nothing SRI accepts.
 */
export function openCertificate(file: Uint8Array, password: string, now: Date): OpenedCertificate {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(file).toString('binary')));
  } catch {
    throw new CertificateRefused('notP12');
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    // forge says "PKCS#12 MAC could not be verified. Invalid password?" for a wrong password;
    // anything else means the DER is not a PFX it can read.
    const message = error instanceof Error ? error.message : '';
    throw new CertificateRefused(/MAC could not be verified|Invalid password/i.test(message) ? 'wrongPassword' : 'notP12');
  }
  const keys = [...bagsOf(p12, forge.pki.oids.pkcs8ShroudedKeyBag!), ...bagsOf(p12, forge.pki.oids.keyBag!)]
    .map((bag) => bag.key as forge.pki.rsa.PrivateKey | undefined)
    .filter((key): key is forge.pki.rsa.PrivateKey => Boolean(key?.n));
  const certificates = bagsOf(p12, forge.pki.oids.certBag!)
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => Boolean(cert));
  const pairs = keys.flatMap((key) =>
    certificates.filter((cert) => (cert.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n) && canSign(cert)).map((cert) => ({ key, cert })),
  );
  // Of several signing pairs (a renewed certificate kept beside the old one), the latest to expire.
  const pair = pairs.sort((a, b) => b.cert.validity.notAfter.getTime() - a.cert.validity.notAfter.getTime())[0];
  if (!pair) throw new CertificateRefused('noKey');
  const { notBefore, notAfter } = pair.cert.validity;
  if (notAfter.getTime() < now.getTime()) throw new CertificateRefused('expired');
  if (notBefore.getTime() > now.getTime()) throw new CertificateRefused('notYetValid');
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(pair.cert)).getBytes(), 'binary');
  return {
    privateKey: createPrivateKey(forge.pki.privateKeyToPem(pair.key)),
    certificate: new X509Certificate(der),
    holder: attribute(pair.cert.subject, 'CN') ?? attribute(pair.cert.subject, 'O') ?? distinguishedName(pair.cert.subject),
    issuer: attribute(pair.cert.issuer, 'CN') ?? attribute(pair.cert.issuer, 'O') ?? distinguishedName(pair.cert.issuer),
    issuerName: distinguishedName(pair.cert.issuer),
    serial: BigInt(`0x${pair.cert.serialNumber}`).toString(10),
    notBefore,
    notAfter,
  };
}
