import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// Signing certificates for the tests, made at run time with Debian's openssl: a test CA and, under
// it, a holder's certificate in a .p12 as an Ecuadorian entity issues one (the CA's certificate
// beside the holder's, key usage digitalSignature + nonRepudiation). No private key is committed.

export type TestCertificate = {
  /** The PKCS#12 file's bytes. */
  p12: Buffer;
  password: string;
  /** The test CA's certificate, for `xmlsec1 --trusted-pem`. */
  caPem: string;
  /** The holder's certificate alone (PEM). */
  holderPem: string;
  holder: string;
  issuer: string;
};

type Options = {
  holder?: string;
  password?: string;
  /** Days of validity from today; negative for a certificate that expired that many days ago. */
  days?: number;
  /** Openssl's pre-3.0 encryption (3DES/RC2, SHA-1 MAC), as older entities' files still come. */
  legacy?: boolean;
  /** Leave the private key out of the file: a certificate alone signs nothing. */
  withoutKey?: boolean;
  /** The holder certificate's key usage; an encryption-only one (`keyEncipherment`) may not sign. */
  keyUsage?: string;
  /** Other certificates (PEM) put in the file beside the chain, as some entities' files carry. */
  extraCertificates?: string[];
};

const CA_NAME = 'Entidad de Certificación de Pruebas';

function openssl(dir: string, args: string[]) {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A fresh CA and holder certificate in a .p12; each call makes new keys. */
export function makeTestCertificate(options: Options = {}): TestCertificate {
  const dir = mkdtempSync(path.join(tmpdir(), 'sri-cert-'));
  const holder = options.holder ?? 'MARIA JOSE PEREZ LOPEZ';
  const password = options.password ?? 'clave-de-prueba';
  try {
    openssl(dir, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '3650', '-subj', `/C=EC/O=Pruebas S.A./CN=${CA_NAME}`, '-utf8', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
    openssl(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'holder.key', '-out', 'holder.csr', '-subj', `/C=EC/serialNumber=1710034065/CN=${holder}`, '-utf8']);
    const days = options.days ?? 365;
    // Explicit start and end dates (an expired certificate's lie in the past): openssl 3.0 sets
    // them only through `openssl ca`, hence its small configuration.
    const day = 86_400_000;
    const stamp = (date: Date) => `${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
    const start = days >= 0 ? new Date(Date.now() - day) : new Date(Date.now() + (days - 30) * day);
    const end = days >= 0 ? new Date(Date.now() + days * day) : new Date(Date.now() + days * day);
    writeFileSync(path.join(dir, 'index.txt'), '');
    writeFileSync(path.join(dir, 'serial'), `${Math.floor(Math.random() * 1e12).toString(16).padStart(16, '0')}\n`);
    writeFileSync(
      path.join(dir, 'ca.cnf'),
      ['[ca]', 'default_ca=test', '[test]', `dir=${dir}`, 'database=$dir/index.txt', 'serial=$dir/serial', 'new_certs_dir=$dir', 'default_md=sha256', 'policy=any', 'unique_subject=no', 'copy_extensions=none', '[any]', 'countryName=optional', 'serialNumber=optional', 'commonName=supplied', '[ext]', `keyUsage=critical,${options.keyUsage ?? 'digitalSignature,nonRepudiation'}`, 'basicConstraints=CA:FALSE', ''].join('\n'),
    );
    openssl(dir, ['ca', '-batch', '-config', 'ca.cnf', '-cert', 'ca.pem', '-keyfile', 'ca.key', '-in', 'holder.csr', '-out', 'holder.pem', '-extensions', 'ext', '-startdate', stamp(start), '-enddate', stamp(end), '-utf8', '-notext']);
    writeFileSync(path.join(dir, 'chain.pem'), [readFileSync(path.join(dir, 'ca.pem'), 'utf8'), ...(options.extraCertificates ?? [])].join('\n'));
    const pkcs12 = ['pkcs12', '-export', '-out', 'holder.p12', '-in', 'holder.pem', '-certfile', 'chain.pem', '-passout', `pass:${password}`, '-name', holder];
    if (options.withoutKey) pkcs12.push('-nokeys');
    else pkcs12.push('-inkey', 'holder.key');
    if (options.legacy) pkcs12.push('-legacy');
    openssl(dir, pkcs12);
    return { p12: readFileSync(path.join(dir, 'holder.p12')), password, caPem: readFileSync(path.join(dir, 'ca.pem'), 'utf8'), holderPem: readFileSync(path.join(dir, 'holder.pem'), 'utf8'), holder, issuer: CA_NAME };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const run = promisify(execFile);

/**
 * Debian's xmlsec1 on a signed comprobante, trusting only `caPem`: whether it verified, and what it
 * said. Its ids: `id` on the comprobante (SRI's schemas name it so), `Id` on the signature's parts.
 */
export async function xmlsecVerify(xml: string, caPem: string): Promise<{ ok: boolean; output: string }> {
  const work = mkdtempSync(path.join(tmpdir(), 'xmlsec-'));
  try {
    writeFileSync(path.join(work, 'signed.xml'), xml);
    writeFileSync(path.join(work, 'ca.pem'), caPem);
    // Only the X509 certificate may give the key, so the CA's trust is checked (the KeyValue beside it
    // would verify without any).
    const args = ['--verify', '--enabled-key-data', 'x509', '--trusted-pem', 'ca.pem', '--id-attr:id', 'factura', '--id-attr:id', 'notaCredito', '--id-attr:Id', 'http://uri.etsi.org/01903/v1.3.2#:SignedProperties', '--id-attr:Id', 'http://www.w3.org/2000/09/xmldsig#:KeyInfo', 'signed.xml'];
    try {
      const { stdout, stderr } = await run('xmlsec1', args, { cwd: work });
      return { ok: true, output: stdout + stderr };
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      return { ok: false, output: stdout + stderr };
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

