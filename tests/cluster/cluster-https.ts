import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { publishStore } from '#server/modules/store/store.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { type Cluster, spkiHash } from '#scripts/cluster.ts';
import { makeStore, type TestStore } from '../support/factories.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium.ts';

// Issue 41 §5, the Caddy part: a store's own domain gets its certificate on demand from Caddy's
// internal CA once the app's ask (GET /internal/tls-ask) says the host is a verified store domain;
// any other host gets no certificate, so no page. A real Chromium that trusts that CA — and only
// it: the SPKI of its root and intermediate, not every certificate error — reaches the hosts
// through a resolver rule sending them to this machine.
const HOSTS = { first: 'www.tienda-uno.test', second: 'tienda-dos.test', unverified: 'tienda-tres.test', unknown: 'nadie.test' };

/** Store domains as the custom-domains work keeps them (table store_domain, the issue-41 contract). */
async function addDomain(databaseUrl: string, storeId: number, host: string, verified: boolean) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('insert into store_domain (store_id, host, verify_token, verified_at, created_at) values ($1, $2, $3, $4, now())', [storeId, host, randomBytes(16).toString('hex'), verified ? new Date() : null]);
  } finally {
    await client.end();
  }
}

export function httpsSuite(context: () => { cluster: Cluster; store: TestStore; deps: ServiceDeps }) {
  let browser: Browser;
  const address = (host: string) => `https://${host}:${context().cluster.httpsPort}/`;

  beforeAll(async () => {
    const { root, intermediate } = context().cluster.internalCa();
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      // the e2e suite's flags, and the two that make this machine the hosts' and Caddy's CA a trusted one
      args: [
        ...CHROMIUM_FLAGS,
        `--host-resolver-rules=${Object.values(HOSTS).map((host) => `MAP ${host} 127.0.0.1`).join(',')}`,
        `--ignore-certificate-errors-spki-list=${spkiHash(root)},${spkiHash(intermediate)}`,
      ],
    });
  }, 60_000);
  afterAll(() => browser?.close());

  it('refuses a host that is no verified store\'s domain: no certificate, no page', { timeout: 30_000 }, async () => {
    const page = await browser.newPage();
    try {
      await expect(page.goto(address(HOSTS.unknown))).rejects.toThrow(/net::ERR_/);
    } finally {
      await page.close();
    }
  });

  // Needs the custom-domains work (table store_domain, GET /internal/tls-ask, the storefront at `/`).
  it('serves two stores on their own verified hosts over HTTPS, and still refuses one not yet verified', { timeout: 60_000 }, async () => {
    const { cluster, store, deps } = context();
    const [second, third] = [await makeStore({ deps }, { name: 'Tienda Dos' }), await makeStore({ deps }, { name: 'Tienda Tres' })];
    for (const other of [second, third]) await publishStore(deps, (await ownStoreScope(deps, { userId: other.owner.id }))!, true);
    await addDomain(cluster.databaseUrl, store.id, HOSTS.first, true);
    await addDomain(cluster.databaseUrl, second.id, HOSTS.second, true);
    // a store's domain whose DNS has not shown the token yet (one domain a store)
    await addDomain(cluster.databaseUrl, third.id, HOSTS.unverified, false);
    const page = await browser.newPage();
    try {
      for (const [host, name] of [[HOSTS.first, store.name], [HOSTS.second, second.name]] as const) {
        const response = await page.goto(address(host));
        expect(response?.status(), host).toBe(200);
        expect(await page.title(), host).toContain(name);
        expect(new URL(page.url()).host, host).toBe(`${host}:${cluster.httpsPort}`);
        // over TLS, with a certificate of Caddy's internal CA (its leaf names the host in its SAN only)
        const security = await response!.securityDetails();
        expect(security?.protocol, host).toMatch(/^TLS/);
        expect(security?.issuer, host).toMatch(/^Caddy Local Authority/);
      }
      await expect(page.goto(address(HOSTS.unverified))).rejects.toThrow(/net::ERR_/);
    } finally {
      await page.close();
    }
  });
}
