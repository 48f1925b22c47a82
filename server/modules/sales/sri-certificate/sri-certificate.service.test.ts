import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore } from '../../../../tests/support/factories.ts';
import { makeTestCertificate, type TestCertificate, xmlsecVerify } from '../../../../tests/support/sri-certificates.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { ownStoreScope, staffStoreScope } from '#server/tenancy/store-scope.ts';
import { fixedClock } from '#server/service-deps.ts';
import { SriCertificateError } from './sri-certificate.service.ts';

// The store's certificate at the service (issue 37 §5): checked at upload with a distinct reason
// for each refusal, sealed at rest, opened only to sign its own store's documents.

const clock = fixedClock(new Date());
let t: TestDatabase;
let good: TestCertificate;
beforeAll(async () => {
  t = await createTestDatabase({ CERTIFICATE_KEY: randomBytes(32).toString('base64') }, { clock });
  good = makeTestCertificate({ days: 365 });
});
afterAll(() => t.dispose());

async function ownerStore() {
  const store = await makeStore(t);
  return { store, scope: (await ownStoreScope(t.deps, { userId: store.owner.id }))! };
}

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, status: error.status, field: error.field };
    throw error;
  }
  throw new Error('not refused');
}

const comprobante = '<?xml version="1.0" encoding="UTF-8"?>\n<factura id="comprobante" version="1.1.0"><infoTributaria><ruc>1790016919001</ruc></infoTributaria></factura>\n';

describe('the store certificate', () => {
  it('refuses each bad file with its own reason', async () => {
    const { scope } = await ownerStore();
    const save = (file: Uint8Array, password: string) => refusal(t.services.sriCertificates.saveCertificate(scope, { file, password }));
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } }).png().toBuffer();
    expect(await save(randomBytes(2048), 'x')).toEqual({ code: 'sriCertificate.notP12', status: 400, field: 'file' });
    expect(await save(png, 'x')).toEqual({ code: 'sriCertificate.notP12', status: 400, field: 'file' });
    expect(await save(good.p12, 'not-the-password')).toEqual({ code: 'sriCertificate.wrongPassword', status: 400, field: 'password' });
    expect(await save(makeTestCertificate({ withoutKey: true }).p12, 'clave-de-prueba')).toEqual({ code: 'sriCertificate.noKey', status: 400, field: 'file' });
    // The key is there, but its certificate is for encryption only: no signing pair in the file.
    expect(await save(makeTestCertificate({ keyUsage: 'keyEncipherment,dataEncipherment' }).p12, 'clave-de-prueba')).toEqual({ code: 'sriCertificate.noKey', status: 400, field: 'file' });
    expect(await save(makeTestCertificate({ days: -2 }).p12, 'clave-de-prueba')).toEqual({ code: 'sriCertificate.expired', status: 400, field: 'file' });
    expect(await save(Buffer.alloc(0), 'x')).toEqual({ code: 'sriCertificate.fileMissing', status: 400, field: 'file' });
    expect(await save(randomBytes(101 * 1024), 'x')).toMatchObject({ code: 'sriCertificate.tooLarge', status: 413 });
    expect(await t.services.sriCertificates.getCertificate(scope)).toBeNull();
  });

  it('picks, among the file\u2019s certificates, the signing one that matches its key', async () => {
    const { store, scope } = await ownerStore();
    // Another person's signing certificate, later to expire, rides along in the file: not ours.
    const stranger = makeTestCertificate({ holder: 'OTRO TITULAR', days: 900 });
    const mixed = makeTestCertificate({ holder: 'TITULAR VERDADERO', extraCertificates: [stranger.holderPem] });
    expect(await t.services.sriCertificates.saveCertificate(scope, { file: mixed.p12, password: mixed.password })).toMatchObject({ holder: 'TITULAR VERDADERO' });
    expect((await xmlsecVerify(await t.services.sriCertificates.signForStore(await staffStoreScope(t.deps, store.id), comprobante), mixed.caPem)).ok).toBe(true);
  });

  it('reads the older entities\u2019 files (3DES, RC2) as well as OpenSSL 3\u2019s (AES)', async () => {
    const { scope } = await ownerStore();
    const legacy = makeTestCertificate({ legacy: true, holder: 'JUAN PÉREZ ÑUSTE', password: 'contraseña ñ' });
    const summary = await t.services.sriCertificates.saveCertificate(scope, { file: legacy.p12, password: legacy.password });
    expect(summary).toMatchObject({ holder: 'JUAN PÉREZ ÑUSTE', issuer: 'Entidad de Certificación de Pruebas' });
  });

  it('keeps it sealed, shows holder, issuer and dates only, replaces and removes it', async () => {
    const { store, scope } = await ownerStore();
    const summary = await t.services.sriCertificates.saveCertificate(scope, { file: good.p12, password: good.password });
    expect(summary).toEqual({ holder: good.holder, issuer: good.issuer, serial: expect.stringMatching(/^\d+$/), notBefore: expect.any(String), notAfter: expect.any(String), uploadedAt: clock.now().toISOString() });
    expect(Date.parse(summary.notAfter) - clock.now().getTime()).toBeGreaterThan(360 * 86_400_000);
    expect(await t.services.sriCertificates.getCertificate(scope)).toEqual(summary);

    // At rest neither the file nor the password is readable, and each seal is fresh.
    const row = await t.db.selectFrom('storeCertificate').selectAll().where('storeId', '=', store.id).executeTakeFirstOrThrow();
    const sealed = Buffer.from(row.p12Sealed);
    expect(sealed.length).toBe(good.p12.length + 28);
    expect(sealed.includes(good.p12.subarray(0, 64))).toBe(false);
    expect(Buffer.from(row.passwordSealed).includes(Buffer.from(good.password))).toBe(false);

    const other = makeTestCertificate({ holder: 'OTRA PERSONA' });
    clock.advance(60_000);
    expect(await t.services.sriCertificates.saveCertificate(scope, { file: other.p12, password: other.password })).toMatchObject({ holder: 'OTRA PERSONA' });
    expect(await t.db.selectFrom('storeCertificate').select('id').where('storeId', '=', store.id).execute()).toHaveLength(1);
    // Signing now uses the replacement.
    expect((await xmlsecVerify(await t.services.sriCertificates.signForStore(await staffStoreScope(t.deps, store.id), comprobante), other.caPem)).ok).toBe(true);

    await t.services.sriCertificates.removeCertificate(scope);
    expect(await t.services.sriCertificates.getCertificate(scope)).toBeNull();
    expect(await refusal(t.services.sriCertificates.removeCertificate(scope))).toMatchObject({ status: 404 });
    await expect(t.services.sriCertificates.signForStore(await staffStoreScope(t.deps, store.id), comprobante)).rejects.toMatchObject({ reason: 'missing', code: 'sriCertificate.missing' });
  });

  it('signs for its own store only, and not once it has expired', async () => {
    const a = await ownerStore();
    const b = await ownerStore();
    const short = makeTestCertificate({ days: 20 });
    await t.services.sriCertificates.saveCertificate(a.scope, { file: short.p12, password: short.password });
    const signed = await t.services.sriCertificates.signForStore(await staffStoreScope(t.deps, a.store.id), comprobante);
    expect((await xmlsecVerify(signed, short.caPem)).ok).toBe(true);
    // Store B has none: store A's is never used for it.
    const missing = await t.services.sriCertificates.signForStore(await staffStoreScope(t.deps, b.store.id), comprobante).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(SriCertificateError);
    expect(missing).toMatchObject({ reason: 'missing', status: 409 });

    // The desk's warning: 30 days before, then expired.
    expect(await t.services.sriCertificates.certificateWarning(a.scope)).toMatchObject({ state: 'expiring' });
    expect((await t.services.desk.deskSummary({ userId: a.store.owner.id })).storeSetup?.certificate).toEqual({ state: 'expiring', notAfter: expect.any(String) });
    expect((await t.services.desk.deskSummary({ userId: b.store.owner.id })).storeSetup?.certificate).toBeNull();
    expect(await t.services.sriCertificates.certificateWarning(b.scope)).toBeNull();
    const later = fixedClock(new Date(clock.now().getTime() + 25 * 86_400_000));
    const deps = { ...t.deps, clock: later };
    const { certificateWarning, signForStore } = await import('./sri-certificate.service.ts');
    expect(await certificateWarning(deps, a.scope)).toMatchObject({ state: 'expired' });
    await expect(signForStore(deps, await staffStoreScope(deps, a.store.id), comprobante)).rejects.toMatchObject({ reason: 'expired', code: 'sriCertificate.expired' });
  });

  it('does not warn while more than 30 days are left', async () => {
    const { scope } = await ownerStore();
    await t.services.sriCertificates.saveCertificate(scope, { file: good.p12, password: good.password });
    expect(await t.services.sriCertificates.certificateWarning(scope)).toBeNull();
  });
});

describe('a server without CERTIFICATE_KEY', () => {
  it('refuses to keep a certificate, and cannot sign', async () => {
    const bare = await createTestDatabase();
    try {
      const store = await makeStore(bare);
      const scope = (await ownStoreScope(bare.deps, { userId: store.owner.id }))!;
      const refused = await bare.services.sriCertificates.saveCertificate(scope, { file: good.p12, password: good.password }).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 'sriCertificate.notConfigured', reason: 'notConfigured' });
      await expect(bare.services.sriCertificates.signForStore(await staffStoreScope(bare.deps, store.id), comprobante)).rejects.toMatchObject({ reason: 'notConfigured' });
    } finally {
      await bare.dispose();
    }
  });
});

describe('CERTIFICATE_KEY', () => {
  it('is 32 bytes in base64, or the server does not start', () => {
    const key = randomBytes(32).toString('base64');
    expect(loadConfig({ CERTIFICATE_KEY: key }).certificateKey).toEqual(Buffer.from(key, 'base64'));
    expect(loadConfig({}).certificateKey).toBeUndefined();
    for (const wrong of [randomBytes(16).toString('base64'), 'not base64 at all!', `${key}x`]) {
      expect(() => loadConfig({ CERTIFICATE_KEY: wrong })).toThrow(ConfigError);
      expect(() => loadConfig({ CERTIFICATE_KEY: wrong })).toThrow(/CERTIFICATE_KEY: is 32 random bytes in base64/);
    }
  });
});
