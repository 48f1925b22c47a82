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

  it('reads PORT and MAINTENANCE_MODE', () => {
    const config = loadConfig({ PORT: '4000', MAINTENANCE_MODE: '1' });
    expect(config.port).toBe(4000);
    expect(config.maintenanceMode).toBe(true);
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

  it('refuses to start in production without a secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET is required in production/);
  });

  it('refuses the development secret and short secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: DEV_SECRET })).toThrow(/APP_SECRET must be your own/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
  });

  it('accepts a real secret in production', () => {
    const secret = 'k'.repeat(20) + 'Z'.repeat(20);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret }).secret).toBe(secret);
  });
});
