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

/** The host name of a URL, lower case; '' when it is none. */
const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
};

const emptyAsUnset = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

/** Every configuration variable the server reads; documented in .env.example. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./.data'),
    APP_URL: optionalUrl(['http', 'https'], 'APP_URL'),
    /**
     * all: everything; api: API and ingestion; web: the dashboard; worker: runs jobs and serves
     * only /healthz and /readyz (docs/jobs.md, "Nodes"). Jobs run on worker and all nodes.
     */
    ROLE: z.enum(['all', 'api', 'web', 'worker']).default('all'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql'], 'DATABASE_URL'),
    /** PostgreSQL statement_timeout of request statements, and the limit of one analytics read. */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
    ANALYTICS_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
    /**
     * batch: the embedded DuckDB thread runs as background work for Linux's scheduler (its
     * wake-ups never take the core from the server's thread); normal: as any other thread.
     */
    ANALYTICS_THREAD_POLICY: emptyAsUnset(z.enum(['batch', 'normal']).default('batch')),
    /** How long a claimed job is held without a heartbeat before another node may run it. */
    JOB_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    /** Jobs one node runs at once. */
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
    /** Jobs of one account running at once over every node (fairness between accounts). */
    JOB_PER_OWNER: z.coerce.number().int().min(1).max(256).default(2),
    /** How often a worker node looks for due jobs another node enqueued. */
    JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
    /**
     * Seconds before each attempt of a webhook message (docs/webhooks.md, "Retries"): the first
     * number is the first attempt. Tests and operators compress the ladder with it.
     */
    WEBHOOK_RETRY_SCHEDULE: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\s*,\s*\d{1,7}){0,19}$/, {
        error: 'WEBHOOK_RETRY_SCHEDULE must be seconds separated by commas, such as 0,5,300.',
      })
      .default('0,5,300,1800,7200,18000,36000,36000')
      .transform((v) => v.split(',').map((s) => Number(s.trim()))),
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
    /** Product tour calls (available-flow, track, done) per second per product; 0 = off. */
    FLOW_RUNTIME_RATE_PER_KEY: z.coerce.number().min(0).default(1_000),
    /** Product tour calls a product may make in one burst. */
    FLOW_RUNTIME_BURST_PER_KEY: z.coerce.number().int().min(1).default(5_000),
    /** Daily events allowed per MAU of the account's plan (at least 1,000 MAU's worth); 0 = off. */
    INGEST_DAILY_EVENTS_PER_MAU: z.coerce.number().int().min(0).default(250),
    /** Daily bytes stored per MAU of the plan (at least 1,000 MAU's worth); 0 = off. */
    INGEST_DAILY_BYTES_PER_MAU: z.coerce
      .number()
      .int()
      .min(0)
      .default(512 * 1024),
    /** Bytes of events the ingestion batcher may hold before it answers 429. */
    INGEST_MAX_PENDING_BYTES: z.coerce
      .number()
      .int()
      .min(1024 * 1024)
      .default(256 * 1024 * 1024),
    /** Daily tour events and link clicks stored per MAU of the plan (their own quota); 0 = off. */
    DERIVED_DAILY_EVENTS_PER_MAU: z.coerce.number().int().min(0).default(250),
    /** Free space under DATA_DIR (MB) below which ingestion answers 507; 0 = off. */
    DISK_MIN_FREE_MB: z.coerce.number().int().min(0).default(1024),
    SMTP_URL: optionalUrl(['smtp', 'smtps'], 'SMTP_URL'),
    /** smtp (needs SMTP_URL) or outbox; default: smtp when SMTP_URL is set. */
    MAIL_TRANSPORT: emptyAsUnset(z.enum(['smtp', 'outbox']).optional()),
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
    /** HMAC key of short-link click fingerprints (≥ 32 characters); kept in DATA_DIR when unset. */
    SHORT_URL_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
      message: 'SHORT_URL_SECRET must be at least 32 characters',
    }),
    /** Base of the public short-link addresses ({base}/s/{slug}); APP_URL when unset. */
    SHORT_URL_BASE_URL: optionalUrl(['http', 'https'], 'SHORT_URL_BASE_URL'),
    /** A file of hosts short links may not lead to, added to config/short-url-blocklist.txt. */
    SHORT_URL_BLOCKLIST_FILE: optionalText.refine((v) => v === undefined || existsSync(v), {
      message: 'SHORT_URL_BLOCKLIST_FILE names a file that does not exist',
    }),
    /** Short-link redirects per minute per client address; 0 = off. */
    SHORT_URL_RATE_PER_IP: z.coerce.number().int().min(0).default(600),
    GROWTHBOOK_FEATURES_FILE: z.string().default('config/features.json'),
    /** Stripe secret key: switches billing from the local simulator to Stripe. */
    STRIPE_SECRET_KEY: optionalText,
    /** Signing secret of the webhook endpoint (required with STRIPE_SECRET_KEY). */
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Publishable key for Stripe Elements in the dashboard. */
    STRIPE_PUBLISHABLE_KEY: optionalText,
    /** Another base URL for the Stripe API (tests, local stand-ins). */
    STRIPE_API_URL: optionalUrl(['http', 'https'], 'STRIPE_API_URL'),
    /** stripe (needs the Stripe keys) or local; default: stripe when STRIPE_SECRET_KEY is set. */
    PAYMENT_PROVIDER: emptyAsUnset(z.enum(['stripe', 'local']).optional()),
    /** The dashboard's build-time API origin and GrowthBook host: its CSP lets it connect there. */
    NEXT_PUBLIC_API_URL: z.string().optional(),
    NEXT_PUBLIC_GROWTHBOOK_API_HOST: z.string().optional(),
    /** Where `next build` writes the dashboard (`.next-e2e` for the e2e suite). */
    NEXT_DIST_DIR: z.string().optional(),
  })
  .superRefine((env, issue) => {
    // The local outbox and the payment simulator are for a machine of one's own: on a public
    // address they would hand reset links to nobody and plans to anybody (docs/security.md).
    const url = env.APP_URL ?? `http://localhost:${env.PORT}`;
    if (!isLoopbackUrl(url)) {
      if (!env.SMTP_URL && env.MAIL_TRANSPORT !== 'outbox')
        issue.addIssue({
          code: 'custom',
          path: ['SMTP_URL'],
          message: `SMTP_URL is required when APP_URL (${url}) is not a loopback address: without it sign-up and reset links never reach anyone. MAIL_TRANSPORT=outbox keeps mail in the local outbox anyway (test mode).`,
        });
      if (!env.STRIPE_SECRET_KEY && env.PAYMENT_PROVIDER !== 'local')
        issue.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message: `STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY are required when APP_URL (${url}) is not a loopback address: without them the payment simulator sells plans for test card numbers. PAYMENT_PROVIDER=local keeps the simulator anyway (test mode).`,
        });
      // One abusive account's links would get the host serving every tenant's dashboard and
      // /sdk.js onto blocklists (docs/short-urls.md, "A host of their own").
      const appHost = hostOf(url);
      if (!env.SHORT_URL_BASE_URL)
        issue.addIssue({
          code: 'custom',
          path: ['SHORT_URL_BASE_URL'],
          message: `SHORT_URL_BASE_URL is required when APP_URL (${url}) is not a loopback address: short links on the dashboard's own host let one abusive account get that host, which serves every tenant's dashboard and /sdk.js, onto blocklists. Point a host of its own (e.g. https://go.example.net) at this server and set it.`,
        });
      else if (hostOf(env.SHORT_URL_BASE_URL) === appHost)
        issue.addIssue({
          code: 'custom',
          path: ['SHORT_URL_BASE_URL'],
          message: `SHORT_URL_BASE_URL (${env.SHORT_URL_BASE_URL}) must be on another host than APP_URL (${appHost}): short links on the dashboard's own host let one abusive account get it onto blocklists.`,
        });
    }
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL)
      issue.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'SMTP_URL is required when MAIL_TRANSPORT=smtp',
      });
    if (env.PAYMENT_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY)
      issue.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe',
      });
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

/**
 * The server's configuration from its process environment (after `readDotEnv`); NODE_ENV, when
 * unset, is the mode it runs in.
 */
export function loadProcessEnv(dev: boolean): Env {
  return loadEnv({
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? (dev ? 'development' : 'production'),
  });
}

/** The environment a child process of the server (`next build` at first start) runs with. */
export const childProcessEnv = (defaults: Record<string, string>): NodeJS.ProcessEnv => ({
  ...defaults,
  ...process.env,
});

/** The directory of the dashboard's production build. */
export const nextDistDir = (env: Env): string => env.NEXT_DIST_DIR || '.next';

export function appUrl(env: Env): string {
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

/** localhost, *.localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/** Where mail goes: SMTP when configured (and not overridden), else the local outbox. */
export const mailTransport = (env: Env): 'smtp' | 'outbox' =>
  env.MAIL_TRANSPORT ?? (env.SMTP_URL ? 'smtp' : 'outbox');

/** Who takes payments: Stripe when configured (and not overridden), else the local simulator. */
export const paymentProviderName = (env: Env): 'stripe' | 'local' =>
  env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'local');

/**
 * Test mode: the outbox or the simulator explicitly allowed on a public APP_URL. The server warns
 * at start and the dashboard shows a "Test mode" badge.
 */
export function testMode(env: Env): { mail: boolean; payments: boolean } {
  const local = isLoopbackUrl(appUrl(env));
  return {
    mail: !local && mailTransport(env) === 'outbox',
    payments: !local && paymentProviderName(env) === 'local',
  };
}

/** What the server warns about at start in test mode. */
export function testModeWarnings(env: Env): string[] {
  const mode = testMode(env);
  return [
    ...(mode.mail
      ? ['TEST MODE: MAIL_TRANSPORT=outbox on a public APP_URL; e-mail stays in the local outbox']
      : []),
    ...(mode.payments
      ? ['TEST MODE: PAYMENT_PROVIDER=local on a public APP_URL; test cards buy plans']
      : []),
  ];
}

/**
 * The dashboard's host when short links have a host of their own: the redirect does not answer
 * there (docs/short-urls.md, "A host of their own"). Undefined when they share it.
 */
export function shortLinksElsewhere(env: Env): string | undefined {
  if (!env.SHORT_URL_BASE_URL) return undefined;
  const app = hostOf(appUrl(env));
  return !app || hostOf(env.SHORT_URL_BASE_URL) === app ? undefined : app;
}
