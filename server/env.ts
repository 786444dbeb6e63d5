import path from 'node:path';
import { z } from 'zod';

const optionalUrl = (protocols: string[], label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `${label} must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const boolish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Every configuration variable the server reads; documented in .env.example. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  APP_URL: optionalUrl(['http', 'https'], 'APP_URL'),
  ROLE: z.enum(['all', 'api', 'web']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql'], 'DATABASE_URL'),
  REDIS_URL: optionalUrl(['redis', 'rediss'], 'REDIS_URL'),
  SMTP_URL: optionalUrl(['smtp', 'smtps'], 'SMTP_URL'),
  MAIL_FROM: z.string().default('Signpost <no-reply@signpost.local>'),
  TRUST_PROXY: boolish,
  GROWTHBOOK_FEATURES_FILE: z.string().default('config/features.json'),
});

export type Env = z.output<typeof envSchema>;

/** Parses configuration, or throws one readable list of everything wrong with it. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`,
    );
    throw new Error(
      `Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every variable.`,
    );
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}

export function appUrl(env: Env): string {
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}
