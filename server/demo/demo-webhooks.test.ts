import { afterAll, beforeAll, expect, it } from 'vitest';
import { addProduct, makeSalesStore, placeTestOrder } from '../../tests/support/sales-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db.ts';
import { sendDueWebhooks } from '#server/modules/webhook/webhook-sender.ts';
import { fixedClock } from '#server/service-deps.ts';
import { seedDemoWebhooks } from './demo-webhooks.ts';

// The demo store's webhooks (issue 38 §8): the ERP's endpoint with its delivered orders, and the
// bot's failing one with its attempts; left running, the bot's is tried a few times hours apart,
// turned off on its third day, and then tried no more — `npm start` does not spin on it.

const clock = fixedClock(new Date());
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({}, { clock });
});
afterAll(() => t.dispose());

it('seeds an answering endpoint and a failing one that is turned off on its third day, then left alone', async () => {
  const store = await makeSalesStore(t);
  const productId = await addProduct(t.deps, store.scope, { stock: 50 });
  for (let n = 0; n < 5; n += 1) await placeTestOrder(t.deps, store.scope, { lines: [{ productId, quantity: 1 }] });
  await seedDemoWebhooks(t.deps, store.scope);

  const [erp, bot] = await t.services.webhooks.listEndpoints(store.scope);
  expect(erp).toMatchObject({ state: 'enabled', lastStatus: 200, failingSince: null });
  expect(bot).toMatchObject({ state: 'enabled', lastStatus: null });
  expect(bot!.failingSince).not.toBeNull();
  const [waiting] = await t.services.webhooks.listDeliveries(store.scope, bot!.id);
  expect(waiting).toMatchObject({ state: 'pending' });
  expect(waiting!.attempts.length).toBeGreaterThanOrEqual(3);
  expect(waiting!.attempts.every((attempt) => attempt.status === null && attempt.error)).toBe(true);
  expect((await t.services.webhooks.listDeliveries(store.scope, erp!.id)).map((delivery) => delivery.state)).toEqual(['delivered', 'delivered', 'delivered', 'delivered']);

  // Nothing is due at start: the next try is hours away.
  await sendDueWebhooks(t.deps);
  expect((await t.services.webhooks.listDeliveries(store.scope, bot!.id))[0]!.attempts).toHaveLength(waiting!.attempts.length);
  for (let hour = 0; hour < 36; hour += 1) {
    clock.advance(60 * 60 * 1000);
    await sendDueWebhooks(t.deps);
  }
  const [after] = await t.services.webhooks.listDeliveries(store.scope, bot!.id);
  expect(after!.state).toBe('failed');
  expect(after!.attempts.length - waiting!.attempts.length).toBeLessThanOrEqual(8);
  expect((await t.services.webhooks.getEndpoint(store.scope, bot!.id)).state).toBe('failing');
  const pending = await t.db.selectFrom('webhookDelivery').select('id').where('storeId', '=', store.id).where('state', '=', 'pending').execute();
  expect(pending).toEqual([]);
});
