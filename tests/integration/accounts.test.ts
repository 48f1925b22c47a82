import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '#server/modules/auth/tokens.ts';
import { LIMITS } from '#server/modules/rate-limit/rate-limit.service.ts';
import { postForm, sessionFrom, solveBotCheck, validRegistration } from '../support/forms.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Accounts end to end at the HTTP seam: real forms, real database, real SMTP server.
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(chunk.toString()));
  t = await createTestApp({ SMTP_URL: smtp.url }, { logStream });
});
afterAll(async () => {
  await t.dispose();
  await smtp.close();
});

let counter = 0;
const uniqueEmail = (prefix = 'user') => `${prefix}${++counter}-${Date.now()}@example.com`;

async function register(email: string, extra: Record<string, string> = {}, url = '/user/register') {
  return postForm(t.app, url, { ...validRegistration(email), altcha: await solveBotCheck(t.app), ...extra }, url.startsWith('/en') ? { cookie: 'lang=en' } : {});
}

async function loginAs(email: string, password = 'secret123') {
  const response = await postForm(t.app, '/user/login', { email, password });
  expect(response.statusCode).toBe(302);
  return sessionFrom(response);
}

const page = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}`, accept: 'text/html' } });

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

describe('login and sessions', () => {
  it('goes to a same-site redirect, and to the desk for a hostile one', async () => {
    const email = uniqueEmail('login');
    await register(email);
    const good = await postForm(t.app, '/user/login?redirect=%2Falert%3Fpage%3D2', { email, password: 'secret123' });
    expect(good.headers.location).toBe('/alert?page=2');
    for (const hostile of ['https://evil.com', '//evil.com', '/\\evil.com', 'javascript:alert(1)']) {
      const response = await postForm(t.app, `/user/login?redirect=${encodeURIComponent(hostile)}`, { email, password: 'secret123' });
      expect(response.headers.location).toBe('/');
    }
    const english = await postForm(t.app, '/en/user/login', { email, password: 'secret123' }, { cookie: 'lang=en' });
    expect(english.headers.location).toBe('/en');
  });

  it('gives the same message for an unknown e-mail and a wrong password', async () => {
    const email = uniqueEmail('same');
    await register(email);
    const wrongPassword = await postForm(t.app, '/user/login', { email, password: 'nope-nope' });
    const unknown = await postForm(t.app, '/user/login', { email: uniqueEmail('ghost'), password: 'nope-nope' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.body).toContain('Usuario y/o contraseña no válidos');
    expect(unknown.body).toContain('Usuario y/o contraseña no válidos');
    const english = await postForm(t.app, '/en/user/login', { email, password: 'nope-nope' }, { cookie: 'lang=en' });
    expect(english.body).toContain('User and/or password not valid');
  });

  it('accepts the e-mail in any case with spaces around it', async () => {
    const email = uniqueEmail('case');
    await register(email);
    expect((await postForm(t.app, '/user/login', { email: ` ${email.toUpperCase()} `, password: 'secret123' })).statusCode).toBe(302);
  });

  it('issues a new random token at every login and stores only its hash', async () => {
    const email = uniqueEmail('rotate');
    await register(email);
    const first = (await loginAs(email)).split('=')[1]!;
    const second = (await loginAs(email)).split('=')[1]!;
    expect(first).not.toBe(second);
    const ids = (await t.db.selectFrom('session').select('id').execute()).map((row) => row.id);
    expect(ids).toContain(tokenHash(first));
    expect(ids).not.toContain(first);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax for 30 days', async () => {
    const email = uniqueEmail('cookie');
    await register(email);
    const response = await postForm(t.app, '/user/login', { email, password: 'secret123' });
    const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('tiendabox_session='))!;
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain(`Max-Age=${30 * 24 * 3600}`);
  });

  it('logout ends the session on the server', async () => {
    const email = uniqueEmail('logout');
    await register(email);
    const cookie = await loginAs(email);
    const logout = await page('/user/logout', cookie);
    expect(logout.statusCode).toBe(200);
    expect(logout.body).toContain('¡Hasta pronto!');
    expect((await page('/profile', cookie)).statusCode).toBe(302);
  });

  it('refuses a disabled user with its own message and ends their sessions', async () => {
    const email = uniqueEmail('disabled');
    await register(email);
    const cookie = await loginAs(email);
    await t.db.updateTable('user').set({ enabled: 0 }).where('email', '=', email).execute();
    expect((await page('/profile', cookie)).statusCode).toBe(302);
    const response = await postForm(t.app, '/user/login', { email, password: 'secret123' });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('Usuario no habilitado');
  });

  it('limits failed logins per account with a clear wait time', async () => {
    const email = uniqueEmail('limit');
    await register(email);
    for (let i = 0; i < 5; i += 1) expect((await postForm(t.app, '/user/login', { email, password: 'wrong-one' })).statusCode).toBe(401);
    const blocked = await postForm(t.app, '/user/login', { email, password: 'secret123' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toMatch(/Demasiados intentos. Inténtalo de nuevo en \d+ minutos./);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('tries at most the limit of 50 wrong passwords sent at once, from 50 addresses (issue 9)', async () => {
    const email = uniqueEmail('race');
    await register(email);
    const answers = await Promise.all(Array.from({ length: 50 }, () => postForm(t.app, '/user/login', { email, password: 'wrong-one' })));
    const statuses = answers.map((answer) => answer.statusCode);
    // 401 = the password was checked; 429 = refused before it was.
    expect(statuses.filter((status) => status === 401).length).toBe(LIMITS.loginPerAccount.max);
    expect(statuses.filter((status) => status === 429).length).toBe(50 - LIMITS.loginPerAccount.max);
    // The right password is refused too until the window ends.
    expect((await postForm(t.app, '/user/login', { email, password: 'secret123' })).statusCode).toBe(429);
  });

  it('does not count a successful login against its address', async () => {
    const email = uniqueEmail('busy');
    await register(email);
    const ip = '192.0.2.90';
    for (let i = 0; i < LIMITS.loginPerIp.max + 2; i += 1) expect((await postForm(t.app, '/user/login', { email, password: 'secret123' }, {}, ip)).statusCode).toBe(302);
  });

  it('says on leaving step 1 whether the e-mail is free, with no bot check and no account made', async () => {
    const email = uniqueEmail('check');
    await register(email);
    const taken = await postForm(t.app, '/user/register', { intent: 'check-email', email: ` ${email.toUpperCase()}` });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('Usuario ya registrado');
    const english = await postForm(t.app, '/en/user/register', { intent: 'check-email', email }, { cookie: 'lang=en' });
    expect(english.body).toContain('User already registered');
    const fresh = uniqueEmail('free');
    const free = await postForm(t.app, '/user/register', { intent: 'check-email', email: fresh });
    expect(free.statusCode).toBe(200);
    expect(free.body).not.toContain('Usuario ya registrado');
    expect((await postForm(t.app, '/user/register', { intent: 'check-email', email: 'not-an-email' })).body).toContain('Escribe un correo electrónico válido');
    // only a question: the free address can still register, with the bot check
    expect((await register(fresh)).statusCode).toBe(302);
  });

  it('spends the registration allowance on e-mail questions: no easier enumeration than registering', async () => {
    const ip = '192.0.2.78';
    for (let i = 0; i < LIMITS.registerPerIp.max; i += 1) expect((await postForm(t.app, '/user/register', { intent: 'check-email', email: uniqueEmail('probe') }, {}, ip)).statusCode).toBe(200);
    const probe = await postForm(t.app, '/user/register', { intent: 'check-email', email: uniqueEmail('probe') }, {}, ip);
    expect(probe.statusCode).toBe(429);
    const real = await postForm(t.app, '/user/register', { ...validRegistration(uniqueEmail('probe')), altcha: await solveBotCheck(t.app) }, {}, ip);
    expect(real.statusCode).toBe(429);
  });

  it('limits registrations per address', async () => {
    const ip = '192.0.2.77';
    // Invalid attempts count too: a bot that never solves the check still runs out.
    for (let i = 0; i < LIMITS.registerPerIp.max; i += 1) expect((await postForm(t.app, '/user/register', validRegistration(uniqueEmail('flood')), {}, ip)).statusCode).toBe(400);
    const real = await postForm(t.app, '/user/register', { ...validRegistration(uniqueEmail('flood')), altcha: await solveBotCheck(t.app) }, {}, ip);
    expect(real.statusCode).toBe(429);
    expect(real.body).toContain('Demasiados intentos');
    expect((await postForm(t.app, '/user/register', { ...validRegistration(uniqueEmail('other')), altcha: await solveBotCheck(t.app) })).statusCode).toBe(302);
  });

  it('never writes a password to the log', async () => {
    await postForm(t.app, '/user/login', { email: uniqueEmail('log'), password: 'VerySecretPassword!42' });
    expect(logLines.join('')).not.toContain('VerySecretPassword!42');
    expect(logLines.length).toBeGreaterThan(0);
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
