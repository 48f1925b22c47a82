import { describe, expect, it } from 'vitest';
import { tokenHash } from '#server/modules/auth/tokens.ts';
import { LIMITS } from '#server/modules/rate-limit/rate-limit.service.ts';
import { postForm, solveBotCheck, validRegistration } from '../support/forms.ts';
import { loginAs, logLines, page, register, setUpAccountsApp, t, uniqueEmail } from '../support/accounts-app.ts';

// Accounts end to end at the HTTP seam: real forms, real database, real SMTP server.
setUpAccountsApp();

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
    // A person's tries: one account from one address (decision 046).
    const ip = '192.0.2.121';
    for (let i = 0; i < LIMITS.loginPerAccountAndIp.max; i += 1) expect((await postForm(t.app, '/user/login', { email, password: 'wrong-one' }, {}, ip)).statusCode).toBe(401);
    const blocked = await postForm(t.app, '/user/login', { email, password: 'secret123' }, {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toMatch(/Demasiados intentos. Inténtalo de nuevo en \d+ min\./);
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

  it('lets a person behind a shared address log in after others there failed 30 times (issue 21, decision 046)', async () => {
    const ip = '192.0.2.131';
    // 6 × 5 = 30 wrong passwords from the address (accounts that exist or not fail alike).
    const others = Array.from({ length: 6 }, () => uniqueEmail('nat'));
    const failed = await Promise.all(others.flatMap((other) => Array.from({ length: LIMITS.loginPerAccountAndIp.max }, () => postForm(t.app, '/user/login', { email: other, password: 'wrong-one' }, {}, ip))));
    expect(failed.map((answer) => answer.statusCode)).toEqual(Array(30).fill(401));
    const email = uniqueEmail('nat-me');
    await register(email);
    expect((await postForm(t.app, '/user/login', { email, password: 'secret123' }, {}, ip)).statusCode).toBe(302);
    // The one who failed 5 times from there waits; the others' tries were their own.
    expect((await postForm(t.app, '/user/login', { email: others[0]!, password: 'secret123' }, {}, ip)).statusCode).toBe(429);
  });

  it('counts an account per address, and across addresses up to its own higher limit', async () => {
    const email = uniqueEmail('spread');
    await register(email);
    const attempt = (ip: string, password = 'wrong-one') => postForm(t.app, '/user/login', { email, password }, {}, ip).then((answer) => answer.statusCode);
    for (let i = 0; i < LIMITS.loginPerAccountAndIp.max; i += 1) expect(await attempt('192.0.2.141')).toBe(401);
    expect(await attempt('192.0.2.141', 'secret123')).toBe(429);
    // From another address the account still has tries, until the account's own limit.
    for (let i = LIMITS.loginPerAccountAndIp.max; i < LIMITS.loginPerAccount.max; i += 1) expect(await attempt('192.0.2.142')).toBe(401);
    expect(await attempt('192.0.2.143', 'secret123')).toBe(429);
  });

  it('stops one address spraying many accounts at its higher limit', async () => {
    const ip = '192.0.2.151';
    // At once, as a sprayer sends them: each is counted before its password is checked.
    const sprayed = await Promise.all(Array.from({ length: LIMITS.loginPerIp.max }, (_, i) => postForm(t.app, '/user/login', { email: `spray-${i}@example.com`, password: 'Verano2026' }, {}, ip)));
    expect(sprayed.map((answer) => answer.statusCode)).toEqual(Array(LIMITS.loginPerIp.max).fill(401));
    const email = uniqueEmail('sprayed');
    await register(email);
    expect((await postForm(t.app, '/user/login', { email, password: 'secret123' }, {}, ip)).statusCode).toBe(429);
    expect((await postForm(t.app, '/user/login', { email, password: 'secret123' }, {}, '192.0.2.152')).statusCode).toBe(302);
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
