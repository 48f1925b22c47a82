import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOtherStoreNotFound, twoStores, type TwoStores } from '../../../tests/support/stores.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { type Receiver, startReceiver } from '../../../tests/support/webhook-receiver.ts';
import { WEBHOOK_ENDPOINT_MAX } from '#common/webhook.ts';
import { sendDueWebhooks } from './webhook-sender.ts';

// `/api/v1/webhooks` (issue 38 §5) as an integrator's script calls it: add an endpoint and keep its
// secret (answered once), send it a test event, read the delivery with its attempt, redeliver it,
// rotate the secret, delete. Refusals are 4xx on their field; another store's endpoint is not found.

let t: TestApp;
let stores: TwoStores;
let receiver: Receiver;
beforeAll(async () => {
  t = await createTestApp();
  stores = await twoStores(t);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.dispose();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: object, lang = 'es') =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie: `lang=${lang}; ${cookie}`, accept: 'application/json' }, ...(payload ? { payload } : {}) });

describe('the webhooks API', () => {
  it('adds an endpoint, answers its secret once, tests it, shows the delivery, redelivers it, rotates the secret and deletes it', async () => {
    const owner = stores.a.owner.cookie;
    const made = await call(owner, 'POST', '/webhooks', { url: `${receiver.origin}/api-hook`, events: ['order.created', 'order.paid'] });
    expect(made.statusCode, made.body).toBe(201);
    const { endpoint, secret } = made.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint).toMatchObject({ url: `${receiver.origin}/api-hook`, events: ['order.created', 'order.paid'], enabled: true, state: 'enabled', failingSince: null });
    receiver.secret('/api-hook', secret);
    // Never again: not in the list, not in the endpoint, and not stored in the clear.
    const listed = await call(owner, 'GET', '/webhooks');
    expect(listed.json().rows).toEqual([{ ...endpoint, lastAttemptAt: null, lastStatus: null }]);
    expect((await call(owner, 'GET', `/webhooks/${endpoint.id}`)).body).not.toContain('whsec_');
    const stored = await t.db.selectFrom('webhookEndpoint').select('secretSealed').where('storeId', '=', stores.a.id).where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    expect(Buffer.from(stored.secretSealed).toString('latin1')).not.toContain(secret.slice(6, 20));

    expect((await call(owner, 'POST', `/webhooks/${endpoint.id}/test`)).statusCode).toBe(202);
    await sendDueWebhooks(t.deps);
    const [got] = receiver.on('/api-hook');
    expect(got?.verified).toBe(true);
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'webhook.test', data: { object: 'webhook_endpoint', id: endpoint.id } });

    const [delivery] = (await call(owner, 'GET', `/webhooks/${endpoint.id}/deliveries`)).json().rows;
    expect(delivery).toMatchObject({ eventType: 'webhook.test', state: 'delivered', manual: true, lastStatus: 204 });
    expect(delivery.attempts).toEqual([expect.objectContaining({ status: 204, responseSnippet: '', error: null })]);
    expect(got!.headers['webhook-id']).toBe(`evt_${delivery.eventId}`);

    expect((await call(owner, 'POST', `/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver`)).statusCode).toBe(202);
    await sendDueWebhooks(t.deps);
    expect(receiver.on('/api-hook').map((entry) => entry.headers['webhook-id'])).toEqual([`evt_${delivery.eventId}`, `evt_${delivery.eventId}`]);

    const rotated = await call(owner, 'POST', `/webhooks/${endpoint.id}/secret`);
    expect(rotated.json().secret).not.toBe(secret);
    receiver.secret('/api-hook', rotated.json().secret);
    await call(owner, 'POST', `/webhooks/${endpoint.id}/test`);
    await sendDueWebhooks(t.deps);
    expect(receiver.on('/api-hook').at(-1)?.verified).toBe(true);

    const changed = await call(owner, 'PUT', `/webhooks/${endpoint.id}`, { url: `${receiver.origin}/api-hook`, events: ['product.created'], enabled: false });
    expect(changed.json()).toMatchObject({ events: ['product.created'], enabled: false, state: 'disabled' });
    expect((await call(owner, 'DELETE', `/webhooks/${endpoint.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/webhooks/${endpoint.id}`)).statusCode).toBe(404);
  });

  it('refuses a bad endpoint on its field, in the caller\u2019s language', async () => {
    const owner = stores.a.owner.cookie;
    const refusal = async (body: object, lang = 'es') => {
      const answer = await call(owner, 'POST', '/webhooks', body, lang);
      return { status: answer.statusCode, ...answer.json() };
    };
    expect(await refusal({ url: 'https://10.0.0.8/hook', events: ['order.created'] })).toMatchObject({ status: 400, fields: { url: 'Esa dirección apunta a una red privada o interna (red privada): no podemos enviarle eventos.' } });
    expect(await refusal({ url: 'https://169.254.169.254/latest/meta-data', events: ['order.created'] }, 'en')).toMatchObject({ status: 400, fields: { url: 'That address points to a private or internal network (cloud metadata): we cannot send it events.' } });
    expect(await refusal({ url: 'https://[::ffff:192.168.0.1]/', events: ['order.created'] })).toMatchObject({ status: 400, fields: { url: expect.stringContaining('red privada') } });
    expect(await refusal({ url: 'http://93.184.215.14/hook', events: ['order.created'] })).toMatchObject({ status: 400, fields: { url: 'La dirección debe empezar con https://.' } });
    expect(await refusal({ url: 'https://ana:clave@93.184.215.14/hook', events: ['order.created'] })).toMatchObject({ status: 400, fields: { url: 'La dirección no puede llevar usuario ni contraseña.' } });
    expect(await refusal({ url: 'https://93.184.215.14/hook', events: [] })).toMatchObject({ status: 400, fields: { events: 'Elige al menos un evento.' } });
    expect(await refusal({ url: 'https://93.184.215.14/hook', events: ['webhook.test'] })).toMatchObject({ status: 400 });
    expect(await refusal({ url: 'no es una dirección', events: ['order.created'] })).toMatchObject({ status: 400, fields: { url: expect.stringContaining('https://erp.ejemplo.com') } });
  });

  it(`keeps at most ${WEBHOOK_ENDPOINT_MAX} endpoints a store`, async () => {
    const owner = stores.b.owner.cookie;
    for (let n = 0; n < WEBHOOK_ENDPOINT_MAX; n += 1) expect((await call(owner, 'POST', '/webhooks', { url: `https://93.184.215.14/hook-${n}`, events: ['order.created'] })).statusCode).toBe(201);
    const refused = await call(owner, 'POST', '/webhooks', { url: 'https://93.184.215.14/one-more', events: ['order.created'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Tu tienda ya tiene ${WEBHOOK_ENDPOINT_MAX} webhooks, el máximo. Elimina uno para agregar otro.`);
  });

  it('answers another store\u2019s endpoint and delivery as not found', async () => {
    const made = (await call(stores.b.owner.cookie, 'GET', '/webhooks')).json().rows[0];
    await expectOtherStoreNotFound(t.app, stores.a.owner, { api: [{ url: `/api/v1/webhooks/${made.id}`, body: { url: 'https://93.184.215.14/x', events: ['order.created'] } }] });
    for (const [method, url] of [['GET', `/webhooks/${made.id}/deliveries`], ['POST', `/webhooks/${made.id}/test`], ['POST', `/webhooks/${made.id}/secret`], ['POST', `/webhooks/${made.id}/deliveries/1/redeliver`]] as const) {
      expect((await call(stores.a.owner.cookie, method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
  });
});
