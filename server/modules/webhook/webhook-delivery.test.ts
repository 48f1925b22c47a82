import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailer, runDueJobs } from '../../../tests/support/jobs.ts';
import { addProduct, makeSalesStore, placeTestOrder, type SalesStore } from '../../../tests/support/sales-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import { type Receiver, startReceiver, status } from '../../../tests/support/webhook-receiver.ts';
import type { WebhookEventType } from '#common/webhook.ts';
import { AppError } from '#server/errors.ts';
import { emit } from '#server/events/events.ts';
import { changeOrderStatus } from '#server/modules/sales/order/order.service.ts';
import { fixedClock, inTransaction } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { postWebhook } from './webhook-post.ts';
import { RETRY_WINDOW_MS, sendDueWebhooks, stopSender, tryDelivery, webhookId } from './webhook-sender.ts';
import { nextDueAt } from './webhook.repository.ts';
import * as webhooks from './webhook.service.ts';

// Deliveries end to end (issue 38 §5): a store's change emits its event, the webhook subscriber
// queues a delivery in the same transaction, the job wakes the sender, and a real HTTP server
// started here receives the POST and verifies its signature with the `standardwebhooks` library.

const clock = fixedClock(new Date());
const mailer = outboxMailer();
let t: TestDatabase;
let receiver: Receiver;
beforeAll(async () => {
  t = await createTestDatabase({}, { clock });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.dispose();
});

const clerk = { kind: 'member', userId: 0, name: 'Dueña' } as const;

/** An endpoint of the store on a path of the receiver, whose deliveries the receiver verifies with its secret. */
async function endpointAt(scope: StoreScope, path: string, events: WebhookEventType[] = ['order.created']) {
  const { endpoint, secret } = await webhooks.createEndpoint(t.deps, scope, { url: `${receiver.origin}${path}`, events, enabled: true });
  receiver.secret(path, secret);
  return { ...endpoint, storeId: scope.storeId, secret };
}

/** What a running app does after a commit: the job wakes the sender; here the test waits for its tries too. */
async function deliver() {
  await runDueJobs(t, mailer);
  await sendDueWebhooks(t.deps);
}

async function storeWithProduct(): Promise<SalesStore & { productId: number }> {
  const store = await makeSalesStore(t);
  return { ...store, productId: await addProduct(t.deps, store.scope, { stock: 100 }) };
}

const order = (store: SalesStore & { productId: number }) => placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 1 }] });
const deliveries = (endpoint: { id: number; storeId: number }) =>
  t.db.selectFrom('webhookDelivery').select(['id', 'eventId', 'eventType', 'state', 'attempts', 'resourceKey']).where('storeId', '=', endpoint.storeId).where('endpointId', '=', endpoint.id).orderBy('id').execute();
const attempts = (storeId: number, deliveryId: number) => t.db.selectFrom('webhookAttempt').select(['status', 'error', 'responseSnippet']).where('storeId', '=', storeId).where('deliveryId', '=', deliveryId).orderBy('id').execute();

describe('webhook deliveries', () => {
  it('POSTs a signed Standard Webhooks message to each endpoint that wants the event, and to no other', async () => {
    const store = await storeWithProduct();
    const wanted = await endpointAt(store.scope, '/orders');
    const other = await endpointAt(store.scope, '/products', ['product.deleted']);
    const placed = await order(store);
    await deliver();

    const [got, ...more] = receiver.on('/orders');
    expect(more).toEqual([]);
    expect(receiver.on('/products')).toEqual([]);
    expect(got!.verified).toBe(true);
    const [delivery] = await deliveries(wanted);
    expect(delivery).toMatchObject({ eventType: 'order.created', state: 'delivered', attempts: 1, resourceKey: `order:${placed.id}` });
    expect(got!.headers['webhook-id']).toBe(webhookId(delivery!.eventId));
    expect(got!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Number(got!.headers['webhook-timestamp'])).toBe(Math.floor(clock.now().getTime() / 1000));
    const body = JSON.parse(got!.body);
    expect(body).toMatchObject({ type: 'order.created', data: { object: 'order', id: placed.id } });
    expect(Date.parse(body.timestamp)).not.toBeNaN();
    expect(await attempts(store.id, delivery!.id)).toEqual([{ status: 204, error: null, responseSnippet: '' }]);
    expect(await deliveries(other)).toEqual([]);
  });

  it('tries a failing delivery again, with backoff, under the same id and with the same body, until it is taken', async () => {
    const store = await storeWithProduct();
    let answered = 0;
    receiver.answer('/flaky', (_request, response) => (++answered <= 2 ? status(500, 'base de datos caída')(_request, response) : status(200, 'ok')(_request, response)));
    const endpoint = await endpointAt(store.scope, '/flaky');
    await order(store);
    await deliver();
    const [delivery] = await deliveries(endpoint);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1 });
    // Not before its time: the first retry waits JOB_RETRY_MS (10 s), the next twice that.
    await sendDueWebhooks(t.deps);
    expect(receiver.on('/flaky')).toHaveLength(1);
    clock.advance(10_000);
    await sendDueWebhooks(t.deps);
    clock.advance(10_000);
    await sendDueWebhooks(t.deps);
    expect(receiver.on('/flaky')).toHaveLength(2);
    clock.advance(10_000);
    await sendDueWebhooks(t.deps);

    const tries = receiver.on('/flaky');
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((got) => got.headers['webhook-id']))).toEqual(new Set([webhookId(delivery!.eventId)]));
    expect(new Set(tries.map((got) => got.body)).size).toBe(1);
    expect(tries.every((got) => got.verified === true)).toBe(true);
    expect((await deliveries(endpoint))[0]).toMatchObject({ state: 'delivered', attempts: 3 });
    expect(await attempts(store.id, delivery!.id)).toEqual([
      { status: 500, error: null, responseSnippet: 'base de datos caída' },
      { status: 500, error: null, responseSnippet: 'base de datos caída' },
      { status: 200, error: null, responseSnippet: 'ok' },
    ]);
    expect((await webhooks.getEndpoint(t.deps, store.scope, endpoint.id)).failingSince).toBeNull();
  });

  it('keeps at most 1 KB of an answer', async () => {
    const store = await storeWithProduct();
    receiver.answer('/chatty', status(200, 'x'.repeat(50_000)));
    const endpoint = await endpointAt(store.scope, '/chatty');
    await order(store);
    await deliver();
    const [delivery] = await deliveries(endpoint);
    expect((await attempts(store.id, delivery!.id))[0]!.responseSnippet).toBe('x'.repeat(1024));
  });

  it('records a binary answer (NUL bytes, which PostgreSQL text refuses) as the text it holds', async () => {
    const store = await storeWithProduct();
    receiver.answer('/binary', (_request, response) => response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from([0x6f, 0x6b, 0x00, 0x00, 0xff, 0x21])));
    const endpoint = await endpointAt(store.scope, '/binary');
    await order(store);
    await deliver();
    const [delivery] = await deliveries(endpoint);
    expect(delivery).toMatchObject({ state: 'delivered' });
    expect((await attempts(store.id, delivery!.id))[0]!.responseSnippet).toBe('ok\uFFFD!');
  });

  it('gives up on an answer that does not come within its deadline', async () => {
    receiver.answer('/hang', () => undefined);
    const result = await postWebhook(new URL(`${receiver.origin}/hang`), {}, '{}', { allowLoopback: true, timeoutMs: 300 });
    expect(result).toMatchObject({ status: null, error: 'timed out after 0.3 s' });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
  });

  it('never follows a redirect: it is recorded as a failed try', async () => {
    const store = await storeWithProduct();
    receiver.answer('/moved', (_request, response) => response.writeHead(307, { location: `${receiver.origin}/moved-here` }).end());
    const endpoint = await endpointAt(store.scope, '/moved');
    await order(store);
    await deliver();
    const [delivery] = await deliveries(endpoint);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1 });
    expect(await attempts(store.id, delivery!.id)).toEqual([{ status: 307, error: `redirect not followed (to ${receiver.origin}/moved-here)`, responseSnippet: '' }]);
    expect(receiver.on('/moved-here')).toEqual([]);
  });

  it('sends the deliveries of one record in order: a later one waits while an earlier one is pending', async () => {
    const store = await storeWithProduct();
    let answered = 0;
    receiver.answer('/ordered', (request, response) => status(++answered === 1 ? 503 : 200)(request, response));
    const endpoint = await endpointAt(store.scope, '/ordered', ['order.created', 'order.paid']);
    const first = await order(store);
    await deliver();
    await changeOrderStatus(t.deps, store.scope, { ...clerk, userId: store.owner.id }, first.id, { status: 'paid', note: '' });
    // Another record is not held up by the first's failure.
    const second = await order(store);
    await deliver();
    const types = () => receiver.on('/ordered').map((got) => `${JSON.parse(got.body).type} #${JSON.parse(got.body).data.id}`);
    expect(types()).toEqual([`order.created #${first.id}`, `order.created #${second.id}`]);
    clock.advance(10_000);
    await sendDueWebhooks(t.deps);
    expect(types()).toEqual([`order.created #${first.id}`, `order.created #${second.id}`, `order.created #${first.id}`, `order.paid #${first.id}`]);
    expect((await deliveries(endpoint)).map((row) => row.state)).toEqual(['delivered', 'delivered', 'delivered']);
  });

  it('sets no timer for what is due but waits (a turned-off endpoint, an earlier delivery of its record): nothing spins', async () => {
    const store = await storeWithProduct();
    const endpoint = await endpointAt(store.scope, '/off');
    await webhooks.updateEndpoint(t.deps, store.scope, endpoint.id, { url: endpoint.url, events: ['order.created'], enabled: false });
    await inTransaction(t.deps, (tx) => emit(tx, { type: 'order.created', storeId: store.id, resource: { kind: 'order', id: 9, label: '#9' }, data: {} }));
    expect(await deliveries(endpoint)).toEqual([]); // off: nothing is queued for it
    await t.db.insertInto('webhookDelivery').values({ storeId: store.id, endpointId: endpoint.id, eventId: 1, eventType: 'order.created', resourceKey: 'order:9', body: '{}', manual: 0, state: 'pending', attempts: 0, nextAttemptAt: clock.now().toISOString(), leaseUntil: null, lastStatus: null, lastAttemptAt: null, createdAt: clock.now().toISOString(), updatedAt: clock.now().toISOString() }).execute();
    const now = clock.now().toISOString();
    const next = await nextDueAt(t.db, now);
    expect(next === null || next > now).toBe(true);
    await sendDueWebhooks(t.deps);
    expect(receiver.on('/off')).toEqual([]);
    await t.db.deleteFrom('webhookEndpoint').where('storeId', '=', store.id).where('id', '=', endpoint.id).execute();
  });

  it('queues nothing for a change that rolls back', async () => {
    const store = await storeWithProduct();
    const endpoint = await endpointAt(store.scope, '/rollback');
    const jobs = async () => Number((await t.db.selectFrom('job').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'webhook.deliver').executeTakeFirstOrThrow()).n);
    const before = await jobs();
    await expect(
      inTransaction(t.deps, async (tx) => {
        await emit(tx, { type: 'order.created', storeId: store.id, resource: { kind: 'order', id: 1, label: '#1' }, data: {} });
        throw new AppError('error.generic', 409);
      }),
    ).rejects.toThrow(AppError);
    expect(await deliveries(endpoint)).toEqual([]);
    expect(await jobs()).toBe(before);
    await deliver();
    expect(receiver.on('/rollback')).toEqual([]);
  });

  it('sends a test event to its endpoint alone, and redelivers a delivery under the same id', async () => {
    const store = await storeWithProduct();
    const endpoint = await endpointAt(store.scope, '/test', ['order.created']);
    const bystander = await endpointAt(store.scope, '/bystander', ['order.created']);
    await webhooks.sendTestEvent(t.deps, store.scope, endpoint.id);
    await deliver();
    expect(receiver.on('/bystander')).toEqual([]);
    const [test] = receiver.on('/test');
    expect(JSON.parse(test!.body)).toMatchObject({ type: 'webhook.test', data: { object: 'webhook_endpoint', id: endpoint.id } });
    expect(test!.verified).toBe(true);

    const [delivery] = await deliveries(endpoint);
    await webhooks.redeliver(t.deps, store.scope, endpoint.id, delivery!.id);
    await deliver();
    const [, again] = receiver.on('/test');
    expect(again!.headers['webhook-id']).toBe(test!.headers['webhook-id']);
    expect(again!.body).toBe(test!.body);
    expect(again!.verified).toBe(true);
    expect(await deliveries(bystander)).toEqual([]);
  });

  it('refuses at delivery an address that was allowed when saved: loopback, once the setting is off', async () => {
    const store = await storeWithProduct();
    const endpoint = await endpointAt(store.scope, '/loopback');
    // Saved as this machine while loopback was allowed; the delivery runs where it is not.
    await t.db.updateTable('webhookEndpoint').set({ url: `https://localhost:${receiver.port}/loopback` }).where('storeId', '=', store.id).where('id', '=', endpoint.id).execute();
    await inTransaction(t.deps, (tx) => emit(tx, { type: 'order.created', storeId: store.id, resource: { kind: 'order', id: 7, label: '#7' }, data: {} }));
    const [delivery] = await deliveries(endpoint);
    const strict = { ...t.deps, config: { ...t.config, webhooks: { allowLoopback: false } } };
    await tryDelivery(strict, { id: delivery!.id, storeId: store.id, endpointId: endpoint.id });
    const [attempt] = await attempts(store.id, delivery!.id);
    expect(attempt!.status).toBeNull();
    expect(attempt!.error).toMatch(/^refused address (127\.0\.0\.1|::1) of localhost \(loopback\)$/);
    // A literal address is refused before any connection, a name after its resolution.
    expect((await postWebhook(new URL(`https://127.0.0.1:${receiver.port}/loopback`), {}, '{}', { allowLoopback: false })).error).toBe('refused address 127.0.0.1 of 127.0.0.1 (loopback)');
    expect((await postWebhook(new URL(`https://[::ffff:127.0.0.1]:${receiver.port}/loopback`), {}, '{}', { allowLoopback: false })).error).toMatch(/\(loopback\)$/);
    expect((await postWebhook(new URL(`http://localhost:${receiver.port}/loopback`), {}, '{}', { allowLoopback: false })).error).toBe('refused scheme http:');
    expect(receiver.on('/loopback')).toEqual([]);
    await t.db.deleteFrom('webhookEndpoint').where('storeId', '=', store.id).where('id', '=', endpoint.id).execute();
  });

  it('turns off an endpoint that failed for three days, gives up what waited, and tells the owner', async () => {
    const store = await storeWithProduct();
    receiver.answer('/dead', status(503, 'en mantenimiento'));
    const endpoint = await endpointAt(store.scope, '/dead');
    const placed = await order(store);
    await deliver();
    const start = clock.now().getTime();
    while (clock.now().getTime() - start < RETRY_WINDOW_MS + 5 * 60 * 60 * 1000) {
      clock.advance(60 * 60 * 1000);
      await sendDueWebhooks(t.deps);
    }
    const after = await webhooks.getEndpoint(t.deps, store.scope, endpoint.id);
    expect(after).toMatchObject({ enabled: false, state: 'failing' });
    const [delivery] = await deliveries(endpoint);
    expect(delivery).toMatchObject({ state: 'failed', resourceKey: `order:${placed.id}` });
    // Exponential: a few quick tries, then one every few hours; far from one a minute.
    expect(delivery!.attempts).toBeGreaterThan(8);
    expect(delivery!.attempts).toBeLessThan(40);
    const notices = await t.db.selectFrom('notification').select(['kind', 'params', 'link']).where('userId', '=', store.owner.id).where('kind', '=', 'webhook_disabled').execute();
    expect(notices.map((row) => ({ ...row, params: JSON.parse(row.params) }))).toEqual([{ kind: 'webhook_disabled', params: { store: store.name, url: endpoint.url }, link: `/store/webhooks/show?id=${endpoint.id}` }]);
    mailer.outbox.length = 0;
    await runDueJobs(t, mailer);
    expect(mailer.outbox.filter((mail) => mail.to === store.owner.email).map((mail) => mail.subject)).toEqual([`Desactivamos un webhook de «${store.name}»`]);
    // Off: a new order queues nothing for it.
    const tried = receiver.on('/dead').length;
    await order(store);
    await deliver();
    expect(receiver.on('/dead')).toHaveLength(tried);
    clock.set(new Date());
  });
});

describe('the sender at the app\u2019s close', () => {
  it('starts no try once stopped: the delivery stays pending for the next process', async () => {
    const closing = await createTestDatabase({}, { clock });
    try {
      const store = await makeSalesStore(closing);
      const productId = await addProduct(closing.deps, store.scope, { stock: 10 });
      const { endpoint, secret } = await webhooks.createEndpoint(closing.deps, store.scope, { url: `${receiver.origin}/closing`, events: ['order.created'], enabled: true });
      receiver.secret('/closing', secret);
      await placeTestOrder(closing.deps, store.scope, { lines: [{ productId, quantity: 1 }] });
      await stopSender(closing.deps);
      await sendDueWebhooks(closing.deps);
      expect(receiver.on('/closing')).toEqual([]);
      const rows = await closing.db.selectFrom('webhookDelivery').select('state').where('storeId', '=', store.id).where('endpointId', '=', endpoint.id).execute();
      expect(rows).toEqual([{ state: 'pending' }]);
    } finally {
      await closing.dispose();
    }
  });
});
