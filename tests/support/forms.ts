import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { validCedula } from './cedula.ts';

let clients = 0;
/** A different client address per call, so per-IP rate limits only meet the tests that aim at them. */
export const nextClientIp = () => `10.0.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;

/** Posts a form the way a browser without JavaScript does. */
export function postForm(app: FastifyInstance, url: string, fields: Record<string, string>, headers: Record<string, string> = {}, remoteAddress = nextClientIp()) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie: 'lang=es', ...headers },
  });
}

/** The session cookie a response set, ready for the next request's Cookie header. */
export function sessionFrom(response: LightMyRequestResponse): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const session = cookies.find((c) => c.startsWith('tiendabox_session=') && !c.includes('Max-Age=0'));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session.split(';')[0]!;
}

/** Solves the bot check like the browser widget does, with the library's own solver. */
export async function solveBotCheck(app: FastifyInstance): Promise<string> {
  const challenge = (await app.inject('/api/v1/bot-check/challenge')).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Where a test person lives and how to reach them: the same for every test user. */
export const TEST_PERSON = {
  name: 'Ana',
  lastname: 'Pérez',
  phone: '+593 99 765 4321',
  address: 'Av. 6 de Diciembre N24-253',
  country: 'Ecuador',
  state: 'Pichincha',
  city: 'Quito',
  zip: '170143',
};

export const validRegistration = (email: string) => ({
  email,
  password: 'secret123',
  passwordRepeat: 'secret123',
  ...TEST_PERSON,
  documentType: 'cedula',
  // Each registration its own cédula: one account per cédula (decision 096).
  documentNumber: validCedula(),
  terms: 'on',
});

/** A page as a logged-in browser asks for it, in the language of its path. */
export function getPage(app: FastifyInstance, url: string, cookie: string) {
  return app.inject({ url, headers: { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}`, accept: 'text/html' } });
}

/** A JSON API call with a session cookie; error messages come in `lang`. */
export function callApi(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object, lang = 'es') {
  return app.inject({ method, url, headers: { cookie: `lang=${lang}; ${cookie}`, accept: 'application/json' }, ...(payload ? { payload } : {}) });
}
