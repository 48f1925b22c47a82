import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { AppError, isUniqueViolation } from '#server/errors.ts';
import { emitStoreUpdated } from '#server/modules/store/store.service.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope-type.ts';
import type { ShopDomain } from '#server/modules/shop/shop-url.ts';
import { parseStoreHost, recordKind } from './domain-host.ts';
import * as repo from './domain.repository.ts';

// A store's own domain (issue 41 §5, decision 100): the owner names a host, makes the DNS record
// that points it here and a TXT record with the token, and asks us to check. Only a verified host
// is served (domain-routing.ts) and gets a certificate (Caddy's ask, /internal/tls-ask).

/** The TXT record's name is this label under the host: `_tiendabox.www.tiendademaria.ec`. */
export const VERIFY_LABEL = '_tiendabox';
/** How long a TXT lookup may take before the check says "not found yet". */
const DNS_TIMEOUT_MS = 3000;

export type StoreDomainView = {
  id: number;
  host: string;
  verified: boolean;
  verifiedAt: string | null;
  /** The record that sends the host's visitors here: a CNAME to the platform's host, or an A record to its address. */
  pointer: { type: 'CNAME' | 'A'; name: string; value: string | null };
  /** The record that proves the domain is the owner's. */
  verification: { type: 'TXT'; name: string; value: string };
};

export const platformHost = (deps: ServiceDeps) => new URL(deps.config.publicUrl).hostname;

function view(deps: ServiceDeps, row: NonNullable<Awaited<ReturnType<typeof repo.findStoreDomain>>>): StoreDomainView {
  const type = recordKind(row.host);
  return {
    id: row.id,
    host: row.host,
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt,
    pointer: { type, name: row.host, value: type === 'CNAME' ? platformHost(deps) : (deps.config.domains.publicIpv4 ?? null) },
    verification: { type: 'TXT', name: `${VERIFY_LABEL}.${row.host}`, value: `tiendabox-verify=${row.verifyToken}` },
  };
}

/** The store's domain and the records to make; null while it has none. */
export async function getStoreDomain(deps: ServiceDeps, scope: StoreScope): Promise<StoreDomainView | null> {
  const row = await repo.findStoreDomain(deps.db, scope);
  return row ? view(deps, row) : null;
}

/** Names the store's domain (one per store): checked, refused when another store holds it. */
export async function addStoreDomain(deps: ServiceDeps, scope: StoreScope, input: string): Promise<StoreDomainView> {
  const parsed = parseStoreHost(typeof input === 'string' ? input : '', platformHost(deps));
  if ('problem' in parsed) throw new AppError(parsed.problem, 400, { field: 'host' });
  if (await repo.findStoreDomain(deps.db, scope)) throw new AppError('domain.onlyOne', 409, { field: 'host' });
  if (await repo.hostTakenByOther(deps.db, scope, parsed.host)) throw new AppError('domain.taken', 409, { field: 'host' });
  try {
    await inTransaction(deps, async (tx) => {
      await repo.insertStoreDomain(tx.db, scope, { host: parsed.host, verifyToken: randomBytes(16).toString('hex'), createdAt: tx.clock.now().toISOString() });
      await emitStoreUpdated(tx, scope, { section: 'domain', label: scope.slug, changes: { domain: [null, parsed.host] } });
    });
  } catch (error) {
    // Two stores naming one host at once: the unique index decides, with the same words.
    if (isUniqueViolation(error)) throw new AppError('domain.taken', 409, { field: 'host' });
    throw error;
  }
  return view(deps, (await repo.findStoreDomain(deps.db, scope))!);
}

/** The TXT strings published at `name`; none when the name does not exist or the servers do not answer in time. */
async function txtRecords(deps: ServiceDeps, name: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 1 });
  if (deps.config.domains.dnsServers) resolver.setServers(deps.config.domains.dnsServers);
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch {
    return [];
  }
}

/** Looks for the TXT record now; verified once seen (and stays so). 404 when the store has no domain by that id. */
export async function verifyStoreDomain(deps: ServiceDeps, scope: StoreScope, id: number): Promise<StoreDomainView> {
  const row = await repo.findStoreDomain(deps.db, scope);
  if (!row || row.id !== id) throw new AppError('domain.notFound', 404);
  if (row.verifiedAt !== null) return view(deps, row);
  const expected = view(deps, row).verification;
  if (!(await txtRecords(deps, expected.name)).includes(expected.value)) throw new AppError('domain.notVerified', 400, { vars: { name: expected.name } });
  const at = deps.clock.now().toISOString();
  await inTransaction(deps, async (tx) => {
    await repo.markStoreDomainVerified(tx.db, scope, row.id, at);
    await emitStoreUpdated(tx, scope, { section: 'domain', label: scope.slug, changes: { domainVerified: [false, true] } });
  });
  return view(deps, { ...row, verifiedAt: at });
}

/** The store's verified domain as its storefront's addresses use it (a job's e-mail links); null without one. */
export async function storeShopDomain(deps: ServiceDeps, scope: StoreScope): Promise<ShopDomain | null> {
  const row = await repo.findStoreDomain(deps.db, scope);
  if (!row || row.verifiedAt === null) return null;
  return { slug: scope.slug, host: row.host, origin: `${new URL(deps.config.publicUrl).protocol}//${row.host}` };
}

/** Removes the store's domain: its storefront answers at /shop/{slug} again. */
export async function removeStoreDomain(deps: ServiceDeps, scope: StoreScope, id: number): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const row = await repo.findStoreDomain(tx.db, scope);
    if (!row || row.id !== id || !(await repo.deleteStoreDomain(tx.db, scope, id))) throw new AppError('domain.notFound', 404);
    // The log says what changed: whether it was verified only when it was.
    await emitStoreUpdated(tx, scope, { section: 'domain', label: scope.slug, changes: { domain: [row.host, null], ...(row.verifiedAt !== null ? { domainVerified: [true, false] } : {}) } });
  });
}
