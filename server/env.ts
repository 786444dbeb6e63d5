import { existsSync, readFileSync } from 'node:fs';
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

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** Every configuration variable the server reads; documented in .env.example. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./.data'),
    APP_URL: optionalUrl(['http', 'https'], 'APP_URL'),
    ROLE: z.enum(['all', 'api', 'web']).default('all'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql'], 'DATABASE_URL'),
    REDIS_URL: optionalUrl(['redis', 'rediss'], 'REDIS_URL'),
    /** ClickHouse HTTP endpoint for events; DuckDB under DATA_DIR when unset. */
    CLICKHOUSE_URL: optionalUrl(['http', 'https'], 'CLICKHOUSE_URL'),
    CLICKHOUSE_DATABASE: z.string().trim().min(1).default('default'),
    /** Events the ingestion batcher may hold before it answers 429. */
    INGEST_MAX_PENDING: z.coerce.number().int().min(100).default(200_000),
    /** Sustained events per second per product (token bucket); 0 = off. */
    INGEST_RATE_PER_KEY: z.coerce.number().min(0).default(2_000),
    /** Events a product may send in one burst (at least one full batch of 2,500). */
    INGEST_BURST_PER_KEY: z.coerce.number().int().min(2_500).default(20_000),
    /** Daily events allowed per MAU of the account's plan (at least 1,000 MAU's worth); 0 = off. */
    INGEST_DAILY_EVENTS_PER_MAU: z.coerce.number().int().min(0).default(250),
    SMTP_URL: optionalUrl(['smtp', 'smtps'], 'SMTP_URL'),
    MAIL_FROM: z.string().default('Signpost <no-reply@signpost.local>'),
    /** false, true, a hop count, or a comma-separated list of proxy addresses/CIDRs (Fastify trustProxy). */
    TRUST_PROXY: z
      .string()
      .trim()
      .optional()
      .transform((v): boolean | number | string => {
        if (v === undefined || v === '' || v === 'false' || v === '0') return false;
        if (v === 'true') return true;
        if (/^\d+$/.test(v)) return Number(v);
        return v;
      }),
    GROWTHBOOK_FEATURES_FILE: z.string().default('config/features.json'),
    /** Stripe secret key: switches billing from the local simulator to Stripe. */
    STRIPE_SECRET_KEY: optionalText,
    /** Signing secret of the webhook endpoint (required with STRIPE_SECRET_KEY). */
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Publishable key for Stripe Elements in the dashboard. */
    STRIPE_PUBLISHABLE_KEY: optionalText,
    /** Another base URL for the Stripe API (tests, local stand-ins). */
    STRIPE_API_URL: optionalUrl(['http', 'https'], 'STRIPE_API_URL'),
  })
  .superRefine((env, issue) => {
    // A Stripe account without its webhook secret would take payments it never hears about;
    // without the publishable key the dashboard has no way to take a card (card numbers must
    // go to Stripe, never through us).
    for (const key of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const)
      if (env.STRIPE_SECRET_KEY && !env[key])
        issue.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required when STRIPE_SECRET_KEY is set`,
        });
  });

export type Env = z.output<typeof envSchema>;

/**
 * Reads KEY=VALUE lines of a .env file into `target` without overriding what is already set
 * (the environment wins). Quotes around a value are dropped; `#` starts a comment line.
 */
export function readDotEnv(
  file: string,
  target: Record<string, string | undefined> = process.env,
): void {
  if (!existsSync(file)) return;
  for (const raw of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    const [, key, rest] = m as unknown as [string, string, string];
    const value = /^(['"])(.*)\1$/.exec(rest)?.[2] ?? rest;
    if (target[key] === undefined) target[key] = value;
  }
}

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
