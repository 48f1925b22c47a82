import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_SECRET, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.env).toBe('development');
    expect(config.dataDir).toBe('data');
    expect(config.maintenanceMode).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('listens on every interface, but only on this machine while it holds the demo accounts unless HOST says so', () => {
    expect(loadConfig({}).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO_DATA: '1' }).host).toBe('localhost');
    expect(loadConfig({ DEMO_DATA: '1', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('reads PORT and MAINTENANCE_MODE', () => {
    const config = loadConfig({ PORT: '4000', MAINTENANCE_MODE: '1' });
    expect(config.port).toBe(4000);
    expect(config.maintenanceMode).toBe(true);
  });

  it('runs the store guard unless STORE_GUARD turns it off, in production too (decision 042)', () => {
    expect(loadConfig({}).storeGuard).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).storeGuard).toBe(true);
    expect(loadConfig({ STORE_GUARD: '0' }).storeGuard).toBe(false);
    expect(loadConfig({ MAINTENANCE_MODE: '' }).maintenanceMode).toBe(false);
  });

  it('reads the job worker\'s timings, with defaults, and refuses a poll that would spin', () => {
    expect(loadConfig({}).jobs).toEqual({ pollMs: 500, lockMs: 300_000, retryMs: 10_000 });
    expect(loadConfig({ JOB_POLL_MS: '100', JOB_LOCK_MS: '2000', JOB_RETRY_MS: '200' }).jobs).toEqual({ pollMs: 100, lockMs: 2000, retryMs: 200 });
    expect(() => loadConfig({ JOB_POLL_MS: '0' })).toThrow(/JOB_POLL_MS/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(ConfigError);
  });

  it('serves http://localhost without secure settings, whatever NODE_ENV says (npm start)', () => {
    const config = loadConfig({ NODE_ENV: 'production', DEMO_DATA: '1' });
    expect(config.env).toBe('production');
    expect(config.secure).toBe(false);
    expect(config.demoData).toBe(true);
    expect(config.secret).toBe(DEV_SECRET);
    expect(loadConfig({}).demoData).toBe(false);
  });

  it('turns on the secure settings for an https PUBLIC_URL, and then refuses a missing secret', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://tiendabox.ec' })).toThrow(/APP_SECRET is required when PUBLIC_URL is https/);
    const secret = 'k'.repeat(20) + 'Z'.repeat(20);
    const config = loadConfig({ PUBLIC_URL: 'https://tiendabox.ec/', APP_SECRET: secret });
    expect(config.secure).toBe(true);
    expect(config.secret).toBe(secret);
    expect(config.publicUrl).toBe('https://tiendabox.ec');
  });

  it('refuses the development secret and short secrets over https', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://tiendabox.ec', APP_SECRET: DEV_SECRET })).toThrow(/APP_SECRET must be your own/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://tiendabox.ec', APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
  });

  it('never loads the demo accounts, whose passwords are published, on an https site', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://tiendabox.ec', APP_SECRET: 'k'.repeat(40), DEMO_DATA: '1' })).toThrow(/DEMO_DATA/);
  });

  it('keeps the full work factors unless a test server asks, and never lowers them on an https site', () => {
    expect(loadConfig({}).testWorkFactors).toBe(false);
    expect(loadConfig({ TEST_WORK_FACTORS: '1' }).testWorkFactors).toBe(true);
    expect(() => loadConfig({ PUBLIC_URL: 'https://tiendabox.ec', APP_SECRET: 'k'.repeat(40), TEST_WORK_FACTORS: '1' })).toThrow(/TEST_WORK_FACTORS/);
  });

  it('refuses a production build serving another machine over plain http', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://tiendabox.ec' })).toThrow(/PUBLIC_URL must be https/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:3351' }).secure).toBe(false);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, trusting none by default (decision 079)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const none of ['0', '', 'false']) expect(loadConfig({ TRUST_PROXY: none }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses a TRUST_PROXY that trusts every hop or names no address, with the variable\'s name', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: `true` would take the client address a client writes itself/);
    for (const wrong of ['yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/2', '127.0.0.1,,10.0.0.1', '17']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });
});
