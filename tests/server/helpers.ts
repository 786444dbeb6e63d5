import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type App, type BuildAppOptions } from '@/server/app';
import { openDatabase, type Database } from '@/server/db/client';
import { loadEnv } from '@/server/env';

/** PostgreSQL server under test when TEST_DATABASE_URL is set; PGlite in a temp dir otherwise. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
export const ENGINE = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** A fresh, empty database: a new PGlite dir, or a new database on the PostgreSQL server. */
export async function freshDatabaseUrl(): Promise<{
  url?: string;
  dataDir: string;
  drop: () => Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-test-'));
  if (!TEST_DATABASE_URL) {
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `signpost_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    drop: async () => {
      const a = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: App;
  database: Database;
  close: () => Promise<void>;
}

/** buildApp on a real database (PGlite or PostgreSQL) with generous rate limits unless given. */
export async function createTestApp(
  opts: Partial<Omit<BuildAppOptions, 'env' | 'database'>> & {
    env?: Record<string, string>;
    db?: { url?: string; dataDir: string };
  } = {},
): Promise<TestApp & { drop: () => Promise<void> }> {
  const target = opts.db ? { ...opts.db, drop: async () => undefined } : await freshDatabaseUrl();
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: target.dataDir,
    APP_URL: 'http://localhost:3000',
    ...opts.env,
  });
  const database = await openDatabase({ url: target.url, dataDir: target.dataDir });
  const loose = { max: 10_000, windowMs: 60_000 };
  const app = await buildApp({
    env,
    database,
    realtime: opts.realtime ?? false,
    limits: opts.limits ?? {
      signUp: loose,
      signIn: loose,
      forgotPassword: loose,
      resetPassword: loose,
      resendVerification: loose,
      unknownKey: loose,
    },
    mailer: opts.mailer,
    batcher: opts.batcher,
    analytics: opts.analytics,
    userLimits: opts.userLimits,
    now: opts.now,
    paymentProvider: opts.paymentProvider,
    notifier: opts.notifier,
    logger: opts.logger,
  });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
  };
  return {
    app,
    database,
    close,
    drop: async () => {
      await close().catch(() => undefined);
      await target.drop();
    },
  };
}

export const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export type ApiRequest = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) => Promise<LightMyRequestResponse>;

/** Calls the API as the holder of `token`; a body is sent as JSON. */
export const request =
  (app: App, token: string): ApiRequest =>
  (method, url, body) =>
    app.inject({
      method,
      url,
      headers: {
        ...auth(token),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: body !== undefined ? JSON.stringify(body) : undefined,
    });

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now()}-${++counter}@example.com`;
export const GOOD_PASSWORD = 'Secret1!x';

/** The token in the newest outbox link to `to` whose path is `pathname`. */
export async function tokenFromOutbox(app: App, to: string, pathname: string): Promise<string> {
  await app.ctx.mail.drain(); // mail is delivered after the response
  const mails = await app.ctx.outbox.latest();
  for (const m of mails) {
    if (m.to !== to) continue;
    for (const l of m.links) {
      const u = new URL(l);
      if (u.pathname === pathname && u.searchParams.get('token'))
        return u.searchParams.get('token') as string;
    }
  }
  throw new Error(`no ${pathname} link mailed to ${to}`);
}

/** Signs up and verifies through the mailed link, which signs in; returns the bearer token. */
export async function signUpVerified(
  app: App,
  opts: { email?: string; name?: string; password?: string } = {},
) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? GOOD_PASSWORD;
  const up = await app.inject({
    method: 'POST',
    url: '/v1/auth/sign-up',
    ...json({ name: opts.name ?? 'Test User', email, password }),
  });
  if (up.statusCode !== 201) throw new Error(`sign-up failed: ${up.body}`);
  const token = await tokenFromOutbox(app, email, '/verify-email');
  const v = await app.inject({
    method: 'POST',
    url: '/v1/auth/verify-email',
    ...json({ token, password }),
  });
  if (v.statusCode !== 200) throw new Error(`verify failed: ${v.body}`);
  // Verifying opens a session like sign-in's (docs/security.md, "Verify and sign in").
  const body = v.json() as { data: { token: string; user: { id: string } } };
  return { email, password, token: body.data.token, userId: body.data.user.id };
}

/** Creates a tracked product for the signed-in user; returns its id and write key. */
export async function createBrand(app: App, token: string, name = 'Shop') {
  const res = await request(app, token)('POST', '/v1/brands', { name, domain: 'shop.example.com' });
  if (res.statusCode !== 201) throw new Error(`brand create failed: ${res.body}`);
  const data = res.json().data as { id: number; write_key: string };
  return { brandId: data.id, writeKey: data.write_key };
}

/** HTTP Basic header with the write key as user name (what Segment libraries send). */
export const basic = (writeKey: string) => ({
  authorization: `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}`,
});

/** Posts to a public ingestion endpoint with the write key in HTTP Basic. */
export const ingest = (app: App, writeKey: string, url: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...basic(writeKey), 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
