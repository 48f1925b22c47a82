import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { newSecret, openSecret, sealSecret } from './webhook-secret.ts';
import { checkEndpointUrl } from './webhook.service.ts';

// The rules an endpoint is saved under (issue 38 §5): the loopback setting's defaults, the URL's
// checks with it off, and the secret sealed at rest.

const config = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env });

async function refusal(url: string, allowLoopback: boolean) {
  try {
    await checkEndpointUrl({ config: { ...config({ NODE_ENV: 'test' }), webhooks: { allowLoopback } } }, url);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, status: error.status, field: error.field, vars: error.vars };
    throw error;
  }
  return 'accepted';
}

describe('WEBHOOKS_ALLOW_LOOPBACK', () => {
  it('is on in development and tests, off with NODE_ENV=production, and refused with an https PUBLIC_URL', () => {
    expect(config({ NODE_ENV: 'development' }).webhooks.allowLoopback).toBe(true);
    expect(config({ NODE_ENV: 'test' }).webhooks.allowLoopback).toBe(true);
    expect(config({ NODE_ENV: 'production' }).webhooks.allowLoopback).toBe(false);
    expect(config({ NODE_ENV: 'production', WEBHOOKS_ALLOW_LOOPBACK: '1' }).webhooks.allowLoopback).toBe(true);
    expect(config({ NODE_ENV: 'development', WEBHOOKS_ALLOW_LOOPBACK: '0' }).webhooks.allowLoopback).toBe(false);
    const https = { NODE_ENV: 'production', PUBLIC_URL: 'https://tienda.example.com', APP_SECRET: 'x'.repeat(40) };
    expect(config(https).webhooks.allowLoopback).toBe(false);
    expect(() => config({ ...https, WEBHOOKS_ALLOW_LOOPBACK: '1' })).toThrow(ConfigError);
  });
});

describe('checkEndpointUrl', () => {
  it('refuses this machine, by name or address, unless loopback is allowed, and then only over http to it', async () => {
    expect(await refusal('https://localhost/hook', false)).toEqual({ code: 'webhook.urlRefused', status: 400, field: 'url', vars: { reason: 'loopback' } });
    expect(await refusal('https://127.0.0.1:8443/hook', false)).toMatchObject({ code: 'webhook.urlRefused', vars: { reason: 'loopback' } });
    expect(await refusal('https://[::1]/hook', false)).toMatchObject({ code: 'webhook.urlRefused', vars: { reason: 'loopback' } });
    expect(await refusal('http://localhost:3000/hook', false)).toMatchObject({ code: 'webhook.urlHttps' });
    expect(await refusal('http://localhost:3000/hook', true)).toBe('accepted');
    expect(await refusal('http://127.0.0.1:3000/hook', true)).toBe('accepted');
    // Allowing loopback allows nothing else private.
    expect(await refusal('http://10.0.0.1/hook', true)).toMatchObject({ code: 'webhook.urlHttps' });
    expect(await refusal('https://10.0.0.1/hook', true)).toMatchObject({ code: 'webhook.urlRefused', vars: { reason: 'private' } });
    expect(await refusal('https://2130706433/hook', false)).toMatchObject({ code: 'webhook.urlRefused', vars: { reason: 'loopback' } });
    expect(await refusal('https://0xa9.0xfe.0xa9.0xfe/latest', true)).toMatchObject({ code: 'webhook.urlRefused', vars: { reason: 'metadata' } });
    expect(await refusal('https://[fd00:ec2::254]/', true)).toMatchObject({ code: 'webhook.urlRefused', vars: { reason: 'metadata' } });
    expect(await refusal('https://100.64.1.1/', true)).toMatchObject({ code: 'webhook.urlRefused', vars: { reason: 'shared' } });
    expect(await refusal('ftp://93.184.215.14/', true)).toMatchObject({ code: 'webhook.urlHttps' });
    expect(await refusal('https://93.184.215.14/hook', false)).toBe('accepted');
  });
});

describe('the endpoint secret', () => {
  it('is a Standard Webhooks secret, sealed so that it opens only for its store and with the server\u2019s keys', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    const dev = config({ NODE_ENV: 'development' });
    const sealed = sealSecret(dev, 7, secret);
    expect(sealed.toString('latin1')).not.toContain(secret.slice(6));
    expect(openSecret(dev, 7, sealed)).toBe(secret);
    expect(() => openSecret(dev, 8, sealed)).toThrow(/rotate it/);
    // A server that gains a CERTIFICATE_KEY seals with it and still opens what it sealed before.
    const keyed = { ...dev, certificateKey: randomBytes(32) };
    expect(openSecret(keyed, 7, sealed)).toBe(secret);
    const resealed = sealSecret(keyed, 7, secret);
    expect(() => openSecret(dev, 7, resealed)).toThrow(/rotate it/);
    expect(openSecret(keyed, 7, resealed)).toBe(secret);
    expect(() => openSecret({ ...dev, secret: 'another-app-secret-of-forty-characters!!' }, 7, sealed)).toThrow(/rotate it/);
  });
});
