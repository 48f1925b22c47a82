import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../../../tests/support/factories.ts';
import { nextClientIp, solveBotCheck } from '../../../tests/support/forms.ts';
import { storefrontKit } from '../../../tests/support/storefront.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { publishStore } from '#server/modules/store/store.service.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { reviewFormToken } from './shop-bot-check.ts';

// A shopper's review from a product page (issue 22 §4, issue 40's defect 8) through inject() with the
// store guard on, on both databases: sent without JavaScript once the form has been open a few
// seconds, or with the bot check's proof; what a refused one says, in the page's language, with what
// was typed kept; a honeypot; the limit an address may send.
let t: TestApp;
let store: TestStore;
const ids: Record<string, number> = {};

const { create, get, shop } = storefrontKit(() => ({ t, store }));

beforeAll(async () => {
  t = await createTestApp({ SHOP_PAGE_VERSION_MS: '0' });
  store = await makeStore(t, { name: 'Tienda de Opiniones' });
  await publishStore(t.deps, (await ownStoreScope(t.deps, { userId: store.owner.id }))!, true);
  const category = await create('/api/v1/categories', { name: 'Ropa', enabled: true });
  ids.shirt = await create('/api/v1/products', { name: 'Camiseta Quito', categoryId: category, priceCents: 2000, ivaCode: '4', stock: 2, enabled: true });
}, 120_000);
afterAll(() => t.dispose());


describe('reviews from shoppers', () => {
  const post = (fields: Record<string, string>, locale: 'es' | 'en' = 'es', ip = nextClientIp()) =>
    t.app.inject({ method: 'POST', url: shop('/product/camiseta-quito/review', locale), remoteAddress: ip, payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `lang=${locale}` } });
  const aged = () => reviewFormToken(t.config.secret, store.id, ids.shirt!, Date.now() - 10_000);
  const pending = async (authorName: string) =>
    t.deps.db.selectFrom('review').select(['status', 'rating']).where('storeId', '=', store.id).where('authorName', '=', authorName).execute();

  it('stores a review sent without JavaScript as pending, once the form has been open a few seconds', async () => {
    const fresh = await post({ token: reviewFormToken(t.config.secret, store.id, ids.shirt!, Date.now()), authorName: 'Rápido', email: 'r@example.com', rating: '5', comment: 'Bot' });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.body).toContain('El formulario se envió menos de 3 segundos después de abrirse');
    expect(fresh.body).toContain('value="Rápido"');
    expect(await pending('Rápido')).toEqual([]);

    const sent = await post({ token: aged(), authorName: 'Sin JS', email: 'sinjs@example.com', rating: '4', comment: 'Muy bonita' });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`/shop/${store.slug}/product/camiseta-quito?review=sent#reviews`);
    expect(await pending('Sin JS')).toEqual([{ status: 'pending', rating: 4 }]);
    expect((await get((sent.headers.location as string).split('#')[0]!)).body).toContain('Tu opinión se publicará cuando la tienda la apruebe');
  });

  it('takes the bot check\'s proof of work when JavaScript solved it, and refuses a wrong one', async () => {
    const ok = await post({ altcha: await solveBotCheck(t.app), authorName: 'Con JS', email: 'js@example.com', rating: '5', comment: '' }, 'en');
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toMatch(/^\/en\/shop\//);
    expect(await pending('Con JS')).toEqual([{ status: 'pending', rating: 5 }]);
    const bad = await post({ altcha: 'bm90LWEtcHJvb2Y=', token: aged(), authorName: 'Falso', email: 'f@example.com', rating: '5' }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Your browser did not complete the check against robots. Send the review again');
  });

  it('says what a review without JavaScript needs, and takes it when sent again at once (issue 40, defect 8)', async () => {
    const tokenOf = (body: string) => /name="token" value="([^"]+)"/.exec(body)![1]!.replaceAll('&#39;', "'");
    // A field to mend: the form comes back with the token it was drawn with, not a fresh one, so
    // the shopper who mends it and sends again at once is not told to wait.
    const posted = aged();
    const mend = await post({ token: posted, authorName: 'Corrige', email: 'c@example.com', rating: '', comment: 'Linda' });
    expect(mend.statusCode).toBe(400);
    expect(tokenOf(mend.body)).toBe(posted);
    expect((await post({ token: tokenOf(mend.body), authorName: 'Corrige', email: 'c@example.com', rating: '5', comment: 'Linda' })).statusCode).toBe(303);
    expect(await pending('Corrige')).toEqual([{ status: 'pending', rating: 5 }]);
    // Too soon: says how long the form must stay open, never "wait a few seconds", and keeps the token.
    const early = reviewFormToken(t.config.secret, store.id, ids.shirt!, Date.now() - 1_000);
    const soon = await post({ token: early, authorName: 'Pronto', email: 'p@example.com', rating: '4' }, 'en');
    expect(soon.statusCode).toBe(400);
    expect(soon.body).toContain('The form was sent less than 3 seconds after it opened');
    expect(soon.body).not.toMatch(/wait a few seconds/i);
    expect(tokenOf(soon.body)).toBe(early);
    // Open past two hours, or not a token this server signed: it expired; a fresh token comes with the form.
    const old = reviewFormToken(t.config.secret, store.id, ids.shirt!, Date.now() - 3 * 60 * 60_000);
    for (const token of [old, 'nada', '']) {
      const expired = await post({ token, authorName: 'Tarde', email: 't@example.com', rating: '4' });
      expect(expired.statusCode).toBe(400);
      expect(expired.body).toContain('Este formulario estuvo abierto más de 2 horas y caducó');
      expect(expired.body).toContain('value="Tarde"');
      expect(tokenOf(expired.body)).not.toBe(token);
    }
    expect(await pending('Tarde')).toEqual([]);
  });

  it('shows each field\'s error in the page\'s language and keeps what was typed; a filled honeypot stores nothing', async () => {
    const response = await post({ token: aged(), authorName: '', email: 'no-es-correo', rating: '9', comment: 'Texto escrito' }, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('This field is required');
    expect(response.body).toContain('Write a valid email');
    expect(response.body).toContain('Choose from 1 to 5 stars');
    expect(response.body).toContain('Texto escrito</textarea>');
    expect(response.body).toContain('value="no-es-correo"');
    expect(response.body).toMatch(/id="review-email"[^>]*aria-invalid="true"/);
    const bot = await post({ token: aged(), website: 'http://spam.example', authorName: 'Spam', email: 's@example.com', rating: '5' });
    expect(bot.statusCode).toBe(303);
    expect(await pending('Spam')).toEqual([]);
  });

  it('limits the reviews one address sends', async () => {
    const ip = nextClientIp();
    for (let n = 0; n < 10; n++) await post({ token: aged(), authorName: '', email: '', rating: '' }, 'es', ip);
    const refused = await post({ token: aged(), authorName: 'Once', email: 'o@example.com', rating: '5' }, 'es', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Has enviado muchas opiniones seguidas');
  });
});
