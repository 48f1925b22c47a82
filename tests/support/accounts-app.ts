import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect } from 'vitest';
import { postForm, sessionFrom, solveBotCheck, validRegistration } from './forms.ts';
import { startSmtpServer } from './smtp.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// The app the account tests share (tests/integration/accounts.test.ts and sessions.test.ts): real
// forms, real database, real SMTP server, the server's log lines kept. Each test file calls
// setUpAccountsApp() and gets its own (Vitest isolates modules per file); the bindings are live.
export let t: TestApp;
export let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
export const logLines: string[] = [];

/** Registers the app's set-up and tear-down in the calling test file. */
export function setUpAccountsApp() {
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
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}${++counter}-${Date.now()}@example.com`;

export async function register(email: string, extra: Record<string, string> = {}, url = '/user/register') {
  return postForm(t.app, url, { ...validRegistration(email), altcha: await solveBotCheck(t.app), ...extra }, url.startsWith('/en') ? { cookie: 'lang=en' } : {});
}

export async function loginAs(email: string, password = 'secret123') {
  const response = await postForm(t.app, '/user/login', { email, password });
  expect(response.statusCode).toBe(302);
  return sessionFrom(response);
}

export const page = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}`, accept: 'text/html' } });
