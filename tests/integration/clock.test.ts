import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixedClock } from '#server/service-deps.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeUser } from '../support/factories.ts';

// Decision 023: the services take their time from the clock `buildApp` is given, so a test can fix
// it and see it in what users get back. Needs `npm run build` first.
const clock = fixedClock('2031-05-06T07:08:09.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t.dispose();
});

it('an alert made through the API carries the fixed time, and a moved clock moves the next one', async () => {
  const client = await makeUser(t);
  const create = (trackingNumber: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/alerts',
      headers: { cookie: client.cookie, accept: 'application/json' },
      payload: { trackingNumber, carrier: 'UPS', store: 'Amazon', content: 'Libros', declaredValue: 20 },
    });
  const read = async (id: number) => (await t.app.inject({ url: `/api/v1/alerts/${id}`, headers: { cookie: client.cookie } })).json<{ createdAt: string }>();

  const first = await create('CLOCK000001');
  expect(first.statusCode, first.body).toBe(201);
  expect((await read(first.json<{ id: number }>().id)).createdAt).toBe('2031-05-06T07:08:09.000Z');

  clock.advance(60 * 60 * 1000);
  const second = await create('CLOCK000002');
  expect((await read(second.json<{ id: number }>().id)).createdAt).toBe('2031-05-06T08:08:09.000Z');
});
