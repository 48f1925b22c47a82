import { GALAPAGOS, PROVINCES } from '#common/ecuador-places.ts';
import { createRate, createZone, savePickup } from '#server/modules/sales/shipping/shipping.service.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

// The demo store's shipping (issue 40 §1): the mainland at its flat $3.50 (free from $60, as its
// shipping page says), Galápagos dearer and by weight, and pickup at María's shop in Quito.

/** Makes the zones and the pickup; the mainland rate's option key, which the month's orders ship with. */
export async function seedDemoShipping(deps: ServiceDeps, scope: StoreScope): Promise<string> {
  const mainland = await createZone(deps, scope, { name: 'Continente', places: PROVINCES.filter((province) => province.code !== GALAPAGOS).map((province) => ({ province: province.code, cantons: [] })) });
  const rate = await createRate(deps, scope, mainland.id, { name: 'Servientrega', kind: 'flat', brackets: [{ upTo: null, priceCents: 350 }], daysMin: 1, daysMax: 3, freeFromCents: 6000 });
  const islands = await createZone(deps, scope, { name: 'Galápagos', places: [{ province: GALAPAGOS, cantons: [] }] });
  await createRate(deps, scope, islands.id, {
    name: 'Galápagos — Servientrega',
    kind: 'weight',
    // Up to 1 kg, 3 kg and 10 kg; past 10 kg the islands are not offered this rate.
    brackets: [{ upTo: 1000, priceCents: 1200 }, { upTo: 3000, priceCents: 1800 }, { upTo: 10_000, priceCents: 3000 }],
    daysMin: 5,
    daysMax: 10,
    freeFromCents: null,
  });
  await savePickup(deps, scope, { enabled: true, address: 'Av. Amazonas N24-03 y Colón, Quito', instructions: 'Lunes a sábado, de 10:00 a 18:00. Trae el número de tu pedido.' });
  return `rate-${rate.id}`;
}
