import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../support/factories.ts';
import { getPage, nextClientIp, postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Receiver, startReceiver } from '../support/webhook-receiver.ts';
import { sendDueWebhooks } from '#server/modules/webhook/webhook-sender.ts';

// The store's webhook screens (issue 38 §5) through their real form posts, without JavaScript, in
// both languages: add one (what was typed kept after a refusal; the secret shown once), send it a
// test event, see the delivery and its attempt, redeliver, rotate, delete.

let t: TestApp;
let receiver: Receiver;
let store: TestStore;
let other: TestStore;
beforeAll(async () => {
  t = await createTestApp();
  receiver = await startReceiver();
  [store, other] = await Promise.all([makeStore(t), makeStore(t)]);
});
afterAll(async () => {
  await receiver.close();
  await t.dispose();
});

const SECRET = /whsec_[A-Za-z0-9+/]{32}/;

/** The endpoint form as a browser posts it: one `events` field per ticked box. */
function postEndpoint(url: string, fields: { url: string; events: string[]; enabled?: boolean }, cookie: string, lang = 'es') {
  const body = new URLSearchParams({ url: fields.url });
  for (const event of fields.events) body.append('events', event);
  if (fields.enabled ?? true) body.append('enabled', 'on');
  return t.app.inject({ method: 'POST', url, remoteAddress: nextClientIp(), payload: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie: `lang=${lang}; ${cookie}` } });
}

describe('/store/webhooks', () => {
  it('adds an endpoint, keeping what was typed after a refusal and showing its secret once', async () => {
    const owner = store.owner.cookie;
    const empty = await getPage(t.app, '/store/webhooks', owner);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toContain('no-store');
    expect(empty.body).toContain('Aún no tienes webhooks.');

    const refused = await postEndpoint('/store/webhooks/new', { url: 'https://192.168.0.10/erp', events: ['order.created', 'order.paid'] }, owner);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Esa dirección apunta a una red privada o interna (red privada)');
    expect(refused.body).toContain('value="https://192.168.0.10/erp"');
    expect(refused.body).toMatch(/value="order\.paid"[^>]*checked|checked[^>]*value="order\.paid"/);
    const none = await postEndpoint('/en/store/webhooks/new', { url: `${receiver.origin}/pages`, events: [] }, owner, 'en');
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Pick at least one event.');

    const made = await postEndpoint('/store/webhooks/new', { url: `${receiver.origin}/pages`, events: ['order.created'] }, owner);
    expect(made.statusCode).toBe(200);
    const secret = SECRET.exec(made.body)?.[0];
    expect(secret).toBeDefined();
    expect(made.body).toContain('Es la única vez que lo mostramos');
    receiver.secret('/pages', secret!);

    const listed = await getPage(t.app, '/en/store/webhooks', owner);
    expect(listed.body).toContain(`${receiver.origin}/pages`);
    expect(listed.body).toContain('Enabled');
    expect(listed.body).toContain('Never');
    expect(listed.body).not.toMatch(SECRET);
  });

  it('sends a test event, shows the delivery with its attempt, redelivers it, rotates the secret and deletes the endpoint', async () => {
    const owner = store.owner.cookie;
    const [endpoint] = await t.services.webhooks.listEndpoints((await t.services.storeScopes.ownStoreScope({ userId: store.owner.id }))!);
    const page = `/store/webhooks/show?id=${endpoint!.id}`;
    const tested = await postForm(t.app, page, { intent: 'test' }, { cookie: `lang=es; ${owner}` });
    expect(tested.statusCode).toBe(200);
    expect(tested.body).toContain('Enviamos el evento de prueba');
    await sendDueWebhooks(t.deps);
    expect(receiver.on('/pages').map((got) => got.verified)).toEqual([true]);

    const shown = await getPage(t.app, `/en${page}`, owner);
    expect(shown.body).toContain('webhook.test');
    expect(shown.body).toContain('Delivered');
    expect(shown.body).toContain('204');
    const deliveryId = /data-testid="delivery-(\d+)"/.exec(shown.body)?.[1];
    expect(deliveryId).toBeDefined();

    const again = await postForm(t.app, page, { intent: 'redeliver', deliveryId: deliveryId! }, { cookie: `lang=es; ${owner}` });
    expect(again.body).toContain('Lo volvimos a enviar.');
    await sendDueWebhooks(t.deps);
    const ids = receiver.on('/pages').map((got) => got.headers['webhook-id']);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);

    const rotated = await postForm(t.app, page, { intent: 'rotate' }, { cookie: `lang=es; ${owner}` });
    expect(SECRET.exec(rotated.body)?.[0]).toMatch(/^whsec_/);

    // Another store's owner finds nothing there.
    expect((await getPage(t.app, page, other.owner.cookie)).statusCode).toBe(404);
    expect((await postForm(t.app, page, { intent: 'delete' }, { cookie: `lang=es; ${other.owner.cookie}` })).statusCode).toBe(404);

    const deleted = await postForm(t.app, page, { intent: 'delete' }, { cookie: `lang=es; ${owner}` });
    expect(deleted.statusCode).toBe(302);
    expect(deleted.headers.location).toBe('/store/webhooks?notice=webhook.deleted');
    expect((await getPage(t.app, '/store/webhooks?notice=webhook.deleted', owner)).body).toContain('Eliminaste el webhook.');
    expect((await getPage(t.app, page, owner)).statusCode).toBe(404);
  });
});
