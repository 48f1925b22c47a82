import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { down, up } from '#server/db/migrations/2026-12-06-104-unique-cedula.ts';
import { AppError } from '#server/errors.ts';
import { createUser } from '#server/modules/user/user.service.ts';
import { validCedula } from '../support/cedula.ts';
import { postForm, sessionFrom, validRegistration } from '../support/forms.ts';
import { page, register, setUpAccountsApp, t, uniqueEmail } from '../support/accounts-app.ts';

// Issue 40, defect 10 (decision 096): two accounts were registered with the same cédula. One
// account per cédula — on registration and on the profile, whatever spaces or dashes were typed, in
// both languages, with the message on the field (never a 500), and when two race for it too.
setUpAccountsApp();

const TAKEN = { es: 'Ya hay una cuenta con esta cédula', en: 'An account with this cédula already exists' };
const userCount = async (documentNumber: string) =>
  Number((await sql<{ count: number }>`select count(*) as count from "user" where document_number = ${documentNumber}`.execute(t.db)).rows[0]!.count);

describe('one account per cédula', () => {
  it('refuses a second registration with a cédula already registered, however it is typed, in both languages', async () => {
    const cedula = validCedula();
    expect((await register(uniqueEmail('first'), { documentNumber: cedula })).statusCode).toBe(302);
    for (const [url, locale] of [['/user/register', 'es'], ['/en/user/register', 'en']] as const) {
      const typed = `${cedula.slice(0, 3)} ${cedula.slice(3, 9)}-${cedula.slice(9)}`;
      const second = await register(uniqueEmail('second'), { documentNumber: typed }, url);
      expect(second.statusCode).toBe(409);
      expect(second.body).toContain(TAKEN[locale]);
      // On its field, with what was typed kept.
      expect(second.body).toMatch(/name="documentNumber"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="documentNumber"/);
      expect(second.body).toContain(`value="${typed}"`);
    }
    expect(await userCount(cedula)).toBe(1);
  });

  it('lets two people register with passports of the same number (another country’s may coincide)', async () => {
    const passport = `PX${Date.now() % 10_000_000}`;
    expect((await register(uniqueEmail('pass1'), { documentType: 'passport', documentNumber: passport })).statusCode).toBe(302);
    expect((await register(uniqueEmail('pass2'), { documentType: 'passport', documentNumber: passport })).statusCode).toBe(302);
  });

  it('refuses a profile edit to another account’s cédula, and keeps an account’s own', async () => {
    const [mine, theirs] = [validCedula(), validCedula()];
    const email = uniqueEmail('profile');
    const cookie = sessionFrom(await register(email, { documentNumber: mine }));
    expect((await register(uniqueEmail('other'), { documentNumber: theirs })).statusCode).toBe(302);
    const update = (fields: Record<string, string>, url = '/profile/update') =>
      postForm(t.app, url, { ...validRegistration(email), ...fields }, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}` });
    for (const [url, locale] of [['/profile/update', 'es'], ['/en/profile/update', 'en']] as const) {
      const refused = await update({ documentNumber: theirs, city: 'Cuenca' }, url);
      expect(refused.statusCode).toBe(409);
      expect(refused.body).toContain(TAKEN[locale]);
    }
    expect((await page('/profile', cookie)).body).toContain(mine);
    expect((await update({ documentNumber: mine, city: 'Cuenca' })).statusCode).toBe(302);
    expect(await userCount(theirs)).toBe(1);
  });

  it('ends two registrations racing for one cédula in the message, not in a failure', async () => {
    const cedula = validCedula();
    const input = (tag: string) => ({ ...validRegistration(uniqueEmail(tag)), documentType: 'cedula' as const, documentNumber: cedula });
    const results = await Promise.allSettled([createUser(t.deps, input('race1'), { locale: 'es' }), createUser(t.deps, input('race2'), { locale: 'es' })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected')!.reason as unknown;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'auth.documentTaken', status: 409, field: 'documentNumber' });
    expect(await userCount(cedula)).toBe(1);
  });
});

describe('migration 104', () => {
  it('makes the unique index, or, when accounts already share a cédula, leaves them and says so', async () => {
    const cedula = validCedula();
    const row = (email: string) => ({ email, password_hash: 'x', name: 'Ana', lastname: 'Pérez', document_type: 'cedula', document_number: cedula, phone: '', address: '', country: 'Ecuador', state: '', city: '', zip: '', role: 'client', enabled: 1, locale: 'es', email_notifications: '[]', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' });
    const insert = (email: string) => sql`insert into "user" ${sql.raw(`(${Object.keys(row(email)).join(', ')})`)} values (${sql.join(Object.values(row(email)))})`.execute(t.db);
    await down(t.db);
    await insert(uniqueEmail('old1'));
    await insert(uniqueEmail('old2'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await up(t.db);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('1 cédula(s) belong to more than one account'));
    warn.mockRestore();
    expect(await userCount(cedula)).toBe(2); // nobody's account changed

    await sql`delete from "user" where document_number = ${cedula} and email like 'old2%'`.execute(t.db);
    await up(t.db);
    await expect(insert(uniqueEmail('old3'))).rejects.toThrow();
    expect(await userCount(cedula)).toBe(1);
  });
});
