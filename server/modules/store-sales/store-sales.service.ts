import { type SalesSettings, SalesSettingsSchema } from '#common/schemas/sales-settings.ts';
import { AppError } from '#server/errors.ts';
import type { StoreScope } from '#server/modules/store/store-scope.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import * as repository from './store-sales.repository.ts';

// STAND-IN until branch `checkout` lands its store-sales module (loadStoreSales, saveStoreSales).

const DEFAULTS: SalesSettings = { cashOnDelivery: true, bankTransfer: false, bankName: '', bankAccountType: '', bankAccountNumber: '', bankAccountHolder: '', shippingFeeCents: 0, freeShippingFromCents: null, ruc: '', businessName: '', establishment: '001', emissionPoint: '001', ivaBp: 1500 };

export async function loadStoreSales(deps: ServiceDeps, scope: StoreScope): Promise<SalesSettings> {
  const row = await repository.findStoreSales(deps.db, scope);
  if (!row) return { ...DEFAULTS };
  return { ...row, cashOnDelivery: row.cashOnDelivery === 1, bankTransfer: row.bankTransfer === 1 };
}

export async function saveStoreSales(deps: ServiceDeps, scope: StoreScope, input: SalesSettings): Promise<void> {
  const parsed = SalesSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError(issue.message as never, 400, { field: String(issue.path[0] ?? '') || undefined });
  }
  const value = parsed.data;
  await repository.upsertStoreSales(deps.db, scope, { ...value, cashOnDelivery: value.cashOnDelivery ? 1 : 0, bankTransfer: value.bankTransfer ? 1 : 0 }, deps.clock.now().toISOString());
}
