import { randomBytes } from 'node:crypto';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { setTaxSettings } from '#server/modules/sales/invoice/invoice.fixtures.ts';
import { makeTestCertificate } from './sri-certificates.ts';
import { type SriSimulator, startSriSimulator } from './sri-simulator.ts';
import { type TwoStores, twoStores } from './stores.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// The app against the local SRI (sri-simulator.ts), for the pages and API tests of SRI documents:
// its own job worker signs and sends, polling every 20 ms, and two stores under one RUC each hold
// the store's tax data and a certificate the simulator trusts. Both stores' first document of a
// kind has the same number, so SRI registers the first and refuses the second's as 45.

export type SriWorld = { t: TestApp; sri: SriSimulator; stores: TwoStores; dispose: () => Promise<void> };

export async function startSriWorld(): Promise<SriWorld> {
  const certificate = makeTestCertificate();
  const sri = await startSriSimulator({ trustedPem: certificate.caPem });
  const t = await createTestApp({
    CERTIFICATE_KEY: randomBytes(32).toString('base64'),
    SRI_RECEPTION_URL_TEST: sri.endpoints.reception,
    SRI_AUTHORIZATION_URL_TEST: sri.endpoints.authorization,
    JOB_POLL_MS: '20',
  });
  const stores = await twoStores(t);
  for (const store of [stores.a, stores.b]) {
    await setTaxSettings(t, store);
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    await t.services.sriCertificates.saveCertificate(scope, { file: certificate.p12, password: certificate.password });
  }
  return {
    t,
    sri,
    stores,
    dispose: async () => {
      await t.dispose();
      await sri.close();
    },
  };
}

/** Waits for the app's worker to bring an invoice or a credit note to SRI's final answer. */
export async function sriSettled(t: TestApp, table: 'invoice' | 'creditNote', storeId: number, id: number): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    const row = await t.db.selectFrom(table).select('sriStatus').where('storeId', '=', storeId).where('id', '=', id).executeTakeFirstOrThrow();
    if (row.sriStatus === 'authorized' || row.sriStatus === 'rejected') return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${table} ${id} got no final answer from the simulator`);
}
