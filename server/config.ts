import { z } from 'zod';

// Development-only secret; refusing it in production is the point of naming it.
export const DEV_SECRET = 'dev-only-insecure-secret-change-me-0123456789';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .default('0')
  .transform((value) => value === '1' || value === 'true');

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('data'),
    DATABASE_URL: z.string().optional(),
    APP_SECRET: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    MAINTENANCE_MODE: flag,
    TRUST_PROXY: flag,
    STORE_GUARD: flag,
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Tiendabox <no-reply@tiendabox.ec>'),
    RECAPTCHA_SITE_KEY: z.string().optional(),
    RECAPTCHA_SECRET_KEY: z.string().optional(),
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (!env.APP_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'APP_SECRET is required in production' });
    } else if (env.APP_SECRET === DEV_SECRET || env.APP_SECRET.length < 32) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'APP_SECRET must be your own random value of at least 32 characters in production',
      });
    }
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  secret: string;
  logLevel: string;
  maintenanceMode: boolean;
  trustProxy: boolean;
  /** Refuse queries on store-owned tables without a store_id condition (decision 025); always on in tests. */
  storeGuard: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** reCAPTCHA v3 when both keys are set; otherwise the self-hosted proof of work. */
  recaptcha: { siteKey: string; secretKey: string; minScore: number } | undefined;
};

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad value stops the process with the variable's name. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL || undefined,
    secret: env.APP_SECRET ?? DEV_SECRET,
    logLevel: env.LOG_LEVEL,
    maintenanceMode: env.MAINTENANCE_MODE,
    trustProxy: env.TRUST_PROXY,
    storeGuard: env.STORE_GUARD,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    recaptcha:
      env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY
        ? { siteKey: env.RECAPTCHA_SITE_KEY, secretKey: env.RECAPTCHA_SECRET_KEY, minScore: env.RECAPTCHA_MIN_SCORE }
        : undefined,
  };
}
