import { createPlan } from '#server/modules/plan/plan.service.ts';
import type { Factory, TestStore } from './factories.ts';

let plans = 0;

/** Moves a store onto a new plan with these caps (the rest generous), to reach a limit quickly. */
export async function capStore(t: Factory, store: TestStore, caps: Partial<{ maxProducts: number; maxBanners: number; maxPages: number }>): Promise<void> {
  plans += 1;
  const planId = await createPlan(t.deps, { name: `Tope ${plans} ${store.slug}`, nameEn: `Cap ${plans} ${store.slug}`, price: 0, maxProducts: 1000, maxBanners: 100, maxPages: 100, features: [], featuresEn: [], isDefault: false, ...caps });
  await t.deps.db.updateTable('store').set({ planId }).where('id', '=', store.id).execute();
}
