import type { MessageKey } from '#common/i18n/messages.ts';
import { MAX_CERTIFICATE_BYTES, MAX_CERTIFICATE_PASSWORD } from '#common/upload-limits.ts';
import { AppError } from '#server/errors.ts';
import { resumeInvoicesAwaitingCertificate } from '#server/modules/sales/invoice/invoice-sri-queue.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { seal, unseal } from './sealed.ts';
import type { OpenedCertificate } from './sri-certificate.ts';
import * as repository from './sri-certificate.repository.ts';

/**
 * What opens a .p12 (node-forge) and signs (xml-crypto, xmldom), loaded on the first upload or
 * signature, not at start: most processes never sign, and the three take about 16 MiB of a worker's
 * RSS (decision 086; an idle worker's memory is measured, bench/README.md).
 */
let loading: Promise<{ certificates: typeof import('./sri-certificate.ts'); signatures: typeof import('#server/modules/sales/invoice/sri-signature.ts') }> | undefined;
const signingTools = () => (loading ??= Promise.all([import('./sri-certificate.ts'), import('#server/modules/sales/invoice/sri-signature.ts')]).then(([certificates, signatures]) => ({ certificates, signatures })));

// The store's signing certificate (issue 37 §5): checked and sealed at upload, shown to its owner
// by holder, issuer and dates only, and opened on the server to sign. Its bytes and its password
// never leave the server: no function here returns them.

/** What the owner and the desk see of the certificate. */
export type CertificateSummary = { holder: string; issuer: string; serial: string; notBefore: string; notAfter: string; uploadedAt: string };

/** The desk warns this long before the certificate expires. */
export const EXPIRY_WARNING_DAYS = 30;

const DAY_MS = 86_400_000;

export type SriCertificateProblem = 'missing' | 'expired' | 'notConfigured';

/**
 * Why a store cannot sign now. None of them passes with a retry: the owner must upload a
 * certificate (missing, expired) or the operator set CERTIFICATE_KEY (notConfigured).
 */
export class SriCertificateError extends AppError {
  readonly reason: SriCertificateProblem;
  constructor(reason: SriCertificateProblem) {
    super(`sriCertificate.${reason}` as MessageKey, 409);
    this.name = 'SriCertificateError';
    this.reason = reason;
  }
}

const labels = (storeId: number) => ({ p12: `store_certificate:${storeId}:p12`, password: `store_certificate:${storeId}:password` });

function keyOf(deps: ServiceDeps): Buffer {
  if (!deps.config.certificateKey) throw new SriCertificateError('notConfigured');
  return deps.config.certificateKey;
}

export async function getCertificate(deps: ServiceDeps, scope: StoreScope): Promise<CertificateSummary | null> {
  return (await repository.findCertificateSummary(deps.db, scope)) ?? null;
}

/**
 * Checks the .p12 (it opens with this password, holds a signing key with its certificate, is valid
 * today), then keeps it sealed in place of the store's previous one. A refusal names its reason
 * (`sriCertificate.notP12`, `.wrongPassword`, `.noKey`, `.expired`, `.notYetValid`) on its field.
 */
export async function saveCertificate(deps: ServiceDeps, scope: StoreScope, input: { file: Uint8Array; password: string }): Promise<CertificateSummary> {
  const key = keyOf(deps);
  if (input.file.length === 0) throw new AppError('sriCertificate.fileMissing', 400, { field: 'file' });
  if (input.file.length > MAX_CERTIFICATE_BYTES) throw new AppError('sriCertificate.tooLarge', 413, { field: 'file', vars: { size: `${MAX_CERTIFICATE_BYTES / 1024} KB` } });
  if (input.password.length > MAX_CERTIFICATE_PASSWORD) throw new AppError('sriCertificate.wrongPassword', 400, { field: 'password' });
  const now = deps.clock.now();
  const { certificates } = await signingTools();
  let opened: OpenedCertificate;
  try {
    opened = certificates.openCertificate(input.file, input.password, now);
  } catch (error) {
    if (!(error instanceof certificates.CertificateRefused)) throw error;
    throw new AppError(`sriCertificate.${error.problem}`, 400, { field: error.problem === 'wrongPassword' ? 'password' : 'file' });
  }
  const summary: CertificateSummary = {
    holder: opened.holder.slice(0, 300),
    issuer: opened.issuer.slice(0, 300),
    serial: opened.serial.slice(0, 100),
    notBefore: opened.notBefore.toISOString(),
    notAfter: opened.notAfter.toISOString(),
    uploadedAt: now.toISOString(),
  };
  const label = labels(scope.storeId);
  await inTransaction(deps, async (tx) => {
    await repository.upsertCertificate(tx.db, scope, {
      ...summary,
      p12Sealed: seal(key, input.file, label.p12),
      passwordSealed: seal(key, Buffer.from(input.password, 'utf8'), label.password),
    });
    // The store's invoices that waited for a certificate are signed and sent now (issue 37 §6).
    await resumeInvoicesAwaitingCertificate(tx, scope);
  });
  opening.delete(scope.storeId);
  return summary;
}

/** Removes the store's certificate: its invoices wait, unsigned, until another is uploaded. */
export async function removeCertificate(deps: ServiceDeps, scope: StoreScope): Promise<void> {
  if (!(await repository.deleteCertificate(deps.db, scope))) throw new AppError('error.generic', 404);
  opening.delete(scope.storeId);
}

/** The desk's warning: the certificate has expired, or expires within EXPIRY_WARNING_DAYS; else null. */
export async function certificateWarning(deps: ServiceDeps, scope: StoreScope): Promise<{ state: 'expired' | 'expiring'; notAfter: string } | null> {
  const certificate = await repository.findCertificateSummary(deps.db, scope);
  if (!certificate) return null;
  const left = Date.parse(certificate.notAfter) - deps.clock.now().getTime();
  if (left <= 0) return { state: 'expired', notAfter: certificate.notAfter };
  return left <= EXPIRY_WARNING_DAYS * DAY_MS ? { state: 'expiring', notAfter: certificate.notAfter } : null;
}

/**
 * Opened certificates by store, so that a run of invoices opens the .p12 once (node-forge's
 * PKCS#12 key derivation takes tens of milliseconds on the event loop). Kept while the row's
 * upload time is the same; a replaced or removed certificate is dropped here in this process, and
 * in another process by its new upload time.
 */
const opening = new Map<number, { uploadedAt: string; opened: OpenedCertificate }>();
const OPENED_KEPT = 64;

/**
 * Signs a comprobante's XML with the store's certificate (XAdES-BES, see sri-signature.ts) and
 * returns the signed XML. Throws SriCertificateError when the store has no certificate, when it has
 * expired, or when the server has no CERTIFICATE_KEY. `scope` is the store whose document it is:
 * only that store's certificate is ever read.
 */
export async function signForStore(deps: ServiceDeps, scope: StoreScope, xml: string): Promise<string> {
  const key = keyOf(deps);
  const { storeId } = scope;
  const row = await repository.findSealed(deps.db, scope);
  if (!row) throw new SriCertificateError('missing');
  const now = deps.clock.now();
  if (Date.parse(row.notAfter) <= now.getTime()) throw new SriCertificateError('expired');
  const { certificates, signatures } = await signingTools();
  let entry = opening.get(storeId);
  if (entry?.uploadedAt !== row.uploadedAt) {
    const label = labels(storeId);
    let opened: OpenedCertificate;
    try {
      opened = certificates.openCertificate(unseal(key, row.p12Sealed, label.p12), unseal(key, row.passwordSealed, label.password).toString('utf8'), now);
    } catch (error) {
      // It opened at upload: only its dates can have moved past it since.
      if (error instanceof certificates.CertificateRefused && (error.problem === 'expired' || error.problem === 'notYetValid')) throw new SriCertificateError('expired');
      throw error;
    }
    entry = { uploadedAt: row.uploadedAt, opened };
    opening.delete(storeId);
    if (opening.size >= OPENED_KEPT) opening.delete(opening.keys().next().value!);
    opening.set(storeId, entry);
  }
  return signatures.signSriDocument(xml, entry.opened, now);
}
