import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, makeUser, type TestStore } from '../../../tests/support/factories.ts';
import { getPage, postForm } from '../../../tests/support/forms.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { createPlan } from '#server/modules/plan/plan.service.ts';
import { setEmailNotifications } from '#server/modules/user/user.service.ts';

// Issue 20 §12 on the built app (`npm run build` first): an expired store says when it expired,
// and its owner asks staff to renew or change the plan; staff hear of it in the bell and, as they
// chose, by e-mail through the job queue. The back office already sets the new expiry.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

async function expire(store: TestStore) {
  await t.db.updateTable('store').set({ expiresAt: '2026-01-31T05:00:00.000Z' }).where('id', '=', store.id).execute();
}

const ask = (store: TestStore, fields: Record<string, string>, lang = 'es') =>
  postForm(t.app, lang === 'en' ? '/en/store' : '/store', { intent: 'renewal', ...fields }, { cookie: `lang=${lang}; ${store.owner.cookie}` });

describe('an expired store', () => {
  it('says when it expired, not when it expires, in both languages', async () => {
    const store = await makeStore(t);
    const open = await getPage(t.app, '/store', store.owner.cookie);
    expect(open.body).toContain('Vence el');
    await expire(store);
    const es = await getPage(t.app, '/store', store.owner.cookie);
    expect(es.body).toContain('Venció el 31 ene 2026');
    expect(es.body).not.toContain('Vence el');
    const en = await getPage(t.app, '/en/store', store.owner.cookie);
    expect(en.body).toContain('Expired on Jan 31, 2026');
    expect(en.body).not.toContain('Expires on');
  });
});

describe('a renewal or plan change request', () => {
  it('notifies every staff member, by e-mail to those who chose it, with a link to the store in the back office', async () => {
    const wants = await makeUser(t, { role: 'staff', name: 'Sofía' });
    const declines = await makeUser(t, { role: 'admin', name: 'Luis' });
    await setEmailNotifications(t.deps, { userId: wants.id }, ['staff_store_renewal']);
    await setEmailNotifications(t.deps, { userId: declines.id }, []);
    const store = await makeStore(t, { name: 'Artesanías Quito' });
    await expire(store);
    // the screen offers it in both languages
    expect((await getPage(t.app, '/store', store.owner.cookie)).body).toContain('Pedir renovación o cambio de plan');
    expect((await getPage(t.app, '/en/store', store.owner.cookie)).body).toContain('Request a renewal or a plan change');

    const sent = await ask(store, { planId: '', note: '' });
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe('/store?notice=renewalSent');
    for (const staff of [wants, declines]) {
      const row = await t.db.selectFrom('notification').select(['params', 'link']).where('userId', '=', staff.id).where('kind', '=', 'staff_store_renewal').executeTakeFirstOrThrow();
      expect(row.link).toBe(`/admin/store/show?id=${store.id}`);
      expect(JSON.parse(row.params)).toMatchObject({ context: 'renew', store: 'Artesanías Quito', slug: store.slug, locker: store.owner.lockerCode });
    }
    // nothing is told to the owner, and the store itself does not change
    expect(await t.db.selectFrom('notification').select('id').where('userId', '=', store.owner.id).execute()).toEqual([]);
    expect((await t.db.selectFrom('store').select('expiresAt').where('id', '=', store.id).executeTakeFirstOrThrow()).expiresAt).toBe('2026-01-31T05:00:00.000Z');

    // the e-mail goes through the job queue (the app's worker sends it), to those who chose it only
    const mails = (await t.db.selectFrom('job').select(['payload']).where('kind', '=', 'mail').execute()).map((job) => JSON.parse(job.payload) as { to: string; subject: string; text: string });
    const mail = mails.find((one) => one.to === wants.email && one.subject.startsWith('Renovación pedida'));
    expect(mail?.subject).toBe(`Renovación pedida: Artesanías Quito (${store.owner.lockerCode})`);
    expect(mail?.text).toContain(`/admin/store/show?id=${store.id}`);
    expect(mails.filter((one) => one.to === declines.email)).toEqual([]);
  });

  it('names the plan asked for and the owner’s note, and refuses a plan that does not exist', async () => {
    const staff = await makeUser(t, { role: 'staff' });
    const store = await makeStore(t);
    const pro = await createPlan(t.deps, { name: `Pro ${store.slug}`, nameEn: `Pro ${store.slug}`, price: 2500, maxProducts: 5000, maxBanners: 10, maxPages: 20, features: [], featuresEn: [], isDefault: false });
    expect((await ask(store, { planId: String(pro), note: 'Necesito más productos' }, 'en')).statusCode).toBe(302);
    const rows = await t.db.selectFrom('notification').select(['params']).where('userId', '=', staff.id).where('kind', '=', 'staff_store_renewal').execute();
    expect(rows.map((row) => JSON.parse(row.params))).toContainEqual(expect.objectContaining({ context: 'upgrade_note', plan: `Pro ${store.slug}`, note: 'Necesito más productos' }));

    const unknown = await ask(store, { planId: '99999999' }, 'en');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Choose one of the plans in the list');
  });

  it('is limited to three a day per store, and is the owner’s alone', async () => {
    const store = await makeStore(t);
    for (let i = 0; i < 3; i += 1) expect((await ask(store, { planId: '' })).statusCode).toBe(302);
    const fourth = await ask(store, { planId: '' });
    expect(fourth.statusCode).toBe(429);
    // a user without a store has nothing to renew
    const nobody = await makeUser(t);
    const none = await postForm(t.app, '/store', { intent: 'renewal', planId: '' }, { cookie: `lang=es; ${nobody.cookie}` });
    expect(none.statusCode).toBe(404);
  });
});
