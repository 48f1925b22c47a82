import { describe, expect, it } from 'vitest';
import { tokenHash } from '#server/modules/auth/tokens.ts';
import { postForm, sessionFrom, solveBotCheck, validRegistration } from '../support/forms.ts';
import { loginAs, page, register, setUpAccountsApp, smtp, t, uniqueEmail } from '../support/accounts-app.ts';

// Accounts end to end at the HTTP seam: real forms, real database, real SMTP server.
setUpAccountsApp();

describe('registration', () => {
  it('creates the account, logs the user in on the desk and sends the welcome e-mail with the locker code', async () => {
    const email = uniqueEmail('reg');
    const response = await register(email);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/?welcome=1');
    const cookie = sessionFrom(response);
    const desk = await page('/?welcome=1', cookie);
    expect(desk.statusCode).toBe(200);
    expect(desk.body).toContain('Gracias por registrarte');
    expect(desk.body).toContain('Hola, Ana');
    const mail = await smtp.waitForMail(email);
    expect(mail).toContain('Subject: Bienvenido a Tiendabox');
    const profile = await page('/profile', cookie);
    const locker = /EC-\d{5}/.exec(profile.body)?.[0];
    expect(locker).toBeTruthy();
    expect(mail).toContain(locker!);
  });

  it('gives every client a different locker code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const cookie = sessionFrom(await register(uniqueEmail('code')));
      codes.add(/EC-\d{5}/.exec((await page('/profile', cookie)).body)![0]);
    }
    expect(codes.size).toBe(3);
  });

  it('writes the welcome e-mail in English for an English registration', async () => {
    const email = uniqueEmail('english');
    const response = await register(email, {}, '/en/user/register');
    expect(response.headers.location).toBe('/en?welcome=1');
    expect(await smtp.waitForMail(email)).toContain('Subject: Welcome to Tiendabox');
  });

  it('refuses an e-mail already registered, whatever its case and spaces', async () => {
    const email = uniqueEmail('dup');
    await register(email);
    const again = await register(`  ${email.toUpperCase()} `);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Usuario ya registrado');
  });

  it('refuses a missing, forged or replayed bot-check proof', async () => {
    const missing = await postForm(t.app, '/user/register', validRegistration(uniqueEmail('robot')));
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Eres un robot y tu usuario no fue registrado');
    const forged = await postForm(t.app, '/user/register', { ...validRegistration(uniqueEmail('robot')), altcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') });
    expect(forged.body).toContain('Eres un robot y tu usuario no fue registrado');
    const proof = await solveBotCheck(t.app);
    expect((await postForm(t.app, '/user/register', { ...validRegistration(uniqueEmail('once')), altcha: proof })).statusCode).toBe(302);
    const replay = await postForm(t.app, '/user/register', { ...validRegistration(uniqueEmail('twice')), altcha: proof });
    expect(replay.body).toContain('Eres un robot y tu usuario no fue registrado');
  });

  it.each([
    [{ password: '12345', passwordRepeat: '12345' }, 'El password no coincide o no es valido'],
    [{ password: 'secret123', passwordRepeat: 'secret124' }, 'El password no coincide o no es valido'],
    [{ documentNumber: '1710034064' }, 'El número de documento no coincide'],
    [{ documentNumber: '2510034065' }, 'El número de documento no coincide'],
    [{ documentType: 'passport', documentNumber: 'AB!' }, 'El número de documento no coincide'],
    [{ terms: '' }, 'Debes aceptar los términos'],
    [{ email: 'not-an-email' }, 'Escribe un correo electrónico válido'],
  ])('refuses %j with its message and keeps what was typed', async (change, message) => {
    const response = await register(uniqueEmail('bad'), change);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
    expect(response.body).toContain('value="Av. 6 de Diciembre N24-253"');
    expect(response.body).not.toContain('value="secret123"');
  });

  it('answers in English under /en', async () => {
    const response = await register(uniqueEmail('bad'), { documentNumber: '1234567890' }, '/en/user/register');
    expect(response.body).toContain('Document Number does not match');
  });

  it('accepts a valid passport', async () => {
    expect((await register(uniqueEmail('pass'), { documentType: 'passport', documentNumber: 'A1234567' })).statusCode).toBe(302);
  });
});

describe('cross-site requests', () => {
  it('refuses a form posted from another site by Origin or Sec-Fetch-Site', async () => {
    const byOrigin = await postForm(t.app, '/user/login', { email: 'a@b.co', password: 'x' }, { origin: 'https://evil.example' });
    expect(byOrigin.statusCode).toBe(403);
    const bySite = await postForm(t.app, '/user/login', { email: 'a@b.co', password: 'x' }, { 'sec-fetch-site': 'cross-site' });
    expect(bySite.statusCode).toBe(403);
    const sameOrigin = await postForm(t.app, '/user/login', { email: 'a@b.co', password: 'xxxxxx' }, { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode).toBe(401);
    // Origin null: refused from an opaque origin, taken from a same-origin page that sends no
    // referrer (the shop's order page, whose receipt and "Pay now" forms post so).
    const opaque = await postForm(t.app, '/user/login', { email: 'a@b.co', password: 'x' }, { origin: 'null' });
    expect(opaque.statusCode).toBe(403);
    const sandboxed = await postForm(t.app, '/user/login', { email: 'a@b.co', password: 'x' }, { origin: 'null', 'sec-fetch-site': 'cross-site' });
    expect(sandboxed.statusCode).toBe(403);
    const noReferrerPage = await postForm(t.app, '/user/login', { email: 'a@b.co', password: 'xxxxxx' }, { origin: 'null', 'sec-fetch-site': 'same-origin' });
    // Past the CSRF guard: the login itself answers (a bot check after the failed tries above).
    expect(noReferrerPage.statusCode).not.toBe(403);
    expect(noReferrerPage.statusCode).toBeLessThan(500);
  });
});

describe('password reset', () => {
  it('answers the same for unknown and known e-mails, and mails a single-use link', async () => {
    const email = uniqueEmail('reset');
    await register(email);
    const oldSession = await loginAs(email);
    const unknown = await postForm(t.app, '/user/reset', { email: uniqueEmail('nobody') });
    const known = await postForm(t.app, '/user/reset', { email });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    const sent = 'Si existe una cuenta con ese correo';
    expect(unknown.body).toContain(sent);
    expect(known.body).toContain(sent);
    const mail = await smtp.waitForMail(email, 'token=');
    expect(mail).toContain('Subject: Crea una nueva contrase');
    const link = /http:\/\/localhost:3000(\/user\/reset\/confirm\?token=[\w-]+)/.exec(mail)![1]!;
    const landing = await page(link, '');
    expect(landing.body).toContain('data-layout="user"');
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const reset = await postForm(t.app, link, { token, password: 'brandnew1', passwordRepeat: 'brandnew1' });
    expect(reset.statusCode).toBe(302);
    expect(reset.headers.location).toBe('/user/login?notice=reset');
    expect((await page('/profile', oldSession)).statusCode).toBe(302); // every session ended
    await loginAs(email, 'brandnew1');
    const reused = await page(link, '');
    expect(reused.body).toContain('Este enlace ya se usó');
    const again = await postForm(t.app, link, { token, password: 'another12', passwordRepeat: 'another12' });
    expect(again.statusCode).toBe(400);
  });

  it('refuses an expired or unknown link with a clear message', async () => {
    const email = uniqueEmail('expired');
    await register(email);
    await postForm(t.app, '/user/reset', { email });
    const token = /token=([\w-]+)/.exec(await smtp.waitForMail(email, 'token='))![1]!;
    await t.db.updateTable('passwordReset').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('id', '=', tokenHash(token)).execute();
    expect((await page(`/user/reset/confirm?token=${token}`, '')).body).toContain('El enlace venció');
    expect((await page('/en/user/reset/confirm?token=nonsense', '')).body).toContain('The link is not valid');
  });
});

describe('profile', () => {
  it('updates personal data with the registration rules', async () => {
    const email = uniqueEmail('profile');
    const cookie = sessionFrom(await register(email));
    const bad = await postForm(t.app, '/profile/update', { ...validRegistration(email), documentNumber: '0000000000', city: 'Cuenca' }, { cookie: `lang=es; ${cookie}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('El número de documento no coincide');
    expect(bad.body).toContain('value="Cuenca"');
    const good = await postForm(t.app, '/profile/update', { ...validRegistration(email), city: 'Cuenca', state: 'Azuay' }, { cookie: `lang=es; ${cookie}` });
    expect(good.headers.location).toBe('/profile?notice=updated');
    expect((await page('/profile', cookie)).body).toContain('Cuenca');
  });

  it('changes the password only with the current one, ends the other sessions and rotates this one', async () => {
    const email = uniqueEmail('change');
    const cookie = sessionFrom(await register(email));
    const other = await loginAs(email, 'secret123');
    expect((await page('/profile', other)).statusCode).toBe(200);
    const headers = { cookie: `lang=es; ${cookie}` };
    const wrong = await postForm(t.app, '/profile/password', { currentPassword: 'bad-password', password: 'newpass1', passwordRepeat: 'newpass1' }, headers);
    expect(wrong.body).toContain('La contraseña actual no es correcta');
    const good = await postForm(t.app, '/profile/password', { currentPassword: 'secret123', password: 'newpass1', passwordRepeat: 'newpass1' }, headers);
    expect(good.headers.location).toBe('/profile/password?notice=changed');
    const rotated = sessionFrom(good);
    expect(rotated).not.toBe(cookie);
    // the browser that changed it stays in, under the new cookie, and is told what happened
    const after = await page('/profile/password?notice=changed', rotated);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Contraseña cambiada. Tus otras sesiones se cerraron.');
    expect((await page('/en/profile/password?notice=changed', rotated)).body).toContain('Password changed. Your other sessions were closed.');
    // the old cookie value and the other browser's session are dead
    expect((await page('/profile', cookie)).statusCode).toBe(302);
    expect((await page('/profile', other)).statusCode).toBe(302);
    await loginAs(email, 'newpass1');
  });

  it('stores which notifications also arrive by e-mail', async () => {
    const cookie = sessionFrom(await register(uniqueEmail('notify')));
    const response = await t.app.inject({
      method: 'POST',
      url: '/profile/notifications',
      payload: 'kind=ticket_reply&kind=general&kind=bogus',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `lang=es; ${cookie}`, accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    const body = (await page('/profile/notifications', cookie)).body;
    expect(body).toMatch(/value="ticket_reply"[^>]*checked|checked[^>]*value="ticket_reply"/);
    expect(body).not.toMatch(/value="package_received"[^>]*checked|checked[^>]*value="package_received"/);
  });

  it('deletes the account and every record of it only with the password', async () => {
    const email = uniqueEmail('delete');
    const cookie = sessionFrom(await register(email));
    const headers = { cookie: `lang=es; ${cookie}` };
    const wrong = await postForm(t.app, '/profile/delete', { password: 'not-mine' }, headers);
    expect(wrong.body).toContain('La contraseña no es correcta');
    const done = await postForm(t.app, '/profile/delete', { password: 'secret123' }, headers);
    expect(done.headers.location).toBe('/user/login?notice=deleted');
    expect((await page('/user/login?notice=deleted', '')).body).toContain('Tu cuenta y todos tus registros fueron eliminados');
    expect(await t.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    const userSessions = await t.db.selectFrom('session').innerJoin('user', 'user.id', 'session.userId').select('session.id').where('user.email', '=', email).execute();
    expect(userSessions).toHaveLength(0);
    expect((await page('/profile', cookie)).statusCode).toBe(302);
  });

  it('checks the password before the last question, deleting nothing, as the store\'s deletion does', async () => {
    const email = uniqueEmail('delete-check');
    const cookie = sessionFrom(await register(email));
    const exists = async () => Boolean(await t.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst());
    const wrong = await postForm(t.app, '/en/profile/delete', { intent: 'check', password: 'not-mine' }, { cookie: `lang=en; ${cookie}` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('The password is not correct');
    expect(wrong.body).not.toContain('data-testid="delete-checked"');
    // right: the screen asks its last question (the dialog, or this box without JavaScript), and the account stays
    const checked = await postForm(t.app, '/profile/delete', { intent: 'check', password: 'secret123' }, { cookie: `lang=es; ${cookie}` });
    expect(checked.statusCode).toBe(200);
    expect(checked.body).toContain('data-testid="delete-checked"');
    expect(checked.body).toContain('name="intent" value="delete"');
    expect(checked.body).not.toContain('secret123');
    expect(await exists()).toBe(true);
    const done = await postForm(t.app, '/profile/delete', { intent: 'delete', password: 'secret123' }, { cookie: `lang=es; ${cookie}` });
    expect(done.headers.location).toBe('/user/login?notice=deleted');
    expect(await exists()).toBe(false);
  });
});

describe('roles', () => {
  it('lets an admin disable and enable a user, and hides the screen from clients', async () => {
    const clientEmail = uniqueEmail('client');
    const clientCookie = sessionFrom(await register(clientEmail));
    expect((await page('/admin/user', clientCookie)).statusCode).toBe(404);

    const adminEmail = uniqueEmail('admin');
    await register(adminEmail);
    await t.db.updateTable('user').set({ role: 'admin' }).where('email', '=', adminEmail).execute();
    const adminCookie = await loginAs(adminEmail);
    const list = await page(`/admin/user?q=${encodeURIComponent(clientEmail)}`, adminCookie);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(clientEmail);
    const { id } = await t.db.selectFrom('user').select('id').where('email', '=', clientEmail).executeTakeFirstOrThrow();
    const disable = await postForm(t.app, '/admin/user', { intent: 'enable', userId: String(id), enabled: '0' }, { cookie: `lang=es; ${adminCookie}` });
    expect(disable.statusCode).toBe(200);
    expect((await page('/profile', clientCookie)).statusCode).toBe(302);
    expect((await postForm(t.app, '/user/login', { email: clientEmail, password: 'secret123' })).body).toContain('Usuario no habilitado');
    await postForm(t.app, '/admin/user', { intent: 'enable', userId: String(id), enabled: '1' }, { cookie: `lang=es; ${adminCookie}` });
    await loginAs(clientEmail);
  });
});
