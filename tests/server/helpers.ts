import { rmSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '@/server/app';
import { openDatabase, type Database } from '@/server/db/client';
import { loadEnv } from '@/server/env';
import {
  chdbForTests,
  ENGINE,
  freshDatabaseUrl,
  openFreshDatabase,
  TEST_DATABASE_URL,
} from './test-database';

export { chdbForTests, ENGINE, freshDatabaseUrl, TEST_DATABASE_URL };
/** The Redis server of the multi-node tests, which are skipped without it. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

const loose = { max: 10_000, windowMs: 60_000 };
/**
 * The auth rate limits of a test app unless it gives its own: generous, so that tests signing up
 * many users from one address are not refused. A test that tightens one limit spreads these first.
 */
export const LOOSE_AUTH_LIMITS = {
  signUp: loose,
  signIn: loose,
  forgotPassword: loose,
  resetPassword: loose,
  resendVerification: loose,
  unknownKey: loose,
} satisfies BuildAppOptions['limits'];

export interface TestApp {
  app: App;
  database: Database;
  close: () => Promise<void>;
}

/** A test app that owns its database: `drop` closes the app and deletes the database. */
export type OwnedTestApp = TestApp & { drop: () => Promise<void> };

/** What createTestApp may replace: edges and time (`now`, `mailer`, `limits`, extra `env`…). */
export type TestAppOptions = Partial<Omit<BuildAppOptions, 'env' | 'database'>> & {
  env?: Record<string, string>;
  /** An existing database (several nodes on one database); its owner drops it. */
  db?: { url?: string; dataDir: string };
};

/**
 * buildApp on a real database (PGlite or PostgreSQL) with generous rate limits unless given.
 * A test file uses setupTestApp or setupTestAccount instead, which also close it.
 */
export async function createTestApp(opts: TestAppOptions = {}): Promise<OwnedTestApp> {
  const { target, database } = opts.db
    ? {
        target: { ...opts.db, drop: async () => undefined },
        database: await openDatabase({ url: opts.db.url, dataDir: opts.db.dataDir }),
      }
    : await openFreshDatabase();
  // A database opened and then refused (a bad env, an app that fails to start) is not left open.
  let app: App;
  try {
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: target.dataDir,
      APP_URL: 'http://localhost:3000',
      ...opts.env,
    });
    app = await buildApp({
      env,
      database,
      realtime: opts.realtime ?? false,
      limits: opts.limits ?? LOOSE_AUTH_LIMITS,
      mailer: opts.mailer,
      batcher: opts.batcher,
      analytics: opts.analytics,
      userLimits: opts.userLimits,
      now: opts.now,
      paymentProvider: opts.paymentProvider,
      segmentCounts: opts.segmentCounts,
      webhookResolve: opts.webhookResolve,
      notifier: opts.notifier,
      logger: opts.logger,
    });
    await app.ready();
  } catch (err) {
    await database.close().catch(() => undefined);
    await target.drop();
    throw err;
  }
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

/** A verified user holding one product (unless asked for none), and calls made as them. */
export interface TestAccount {
  email: string;
  password: string;
  token: string;
  userId: string;
  brandId: number;
  writeKey: string;
  /** Calls the API as this user (see request). */
  call: ApiRequest;
}

export interface AccountOptions {
  /** The product's name (default 'Shop'); false for a user without a product. */
  brand?: string | false;
  email?: string;
  name?: string;
}

/** A second (third…) account on an app: signUpVerified, then createBrand unless `brand: false`. */
export async function createAccount(app: App, opts: AccountOptions = {}): Promise<TestAccount> {
  const user = await signUpVerified(app, { email: opts.email, name: opts.name });
  const call = request(app, user.token);
  if (opts.brand !== false)
    return { ...user, ...(await createBrand(app, user.token, opts.brand)), call };
  const none = (): never => {
    throw new Error('this account was made without a product (brand: false)');
  };
  return {
    ...user,
    call,
    get brandId() {
      return none();
    },
    get writeKey() {
      return none();
    },
  };
}

type Lazy<T> = T | (() => T | Promise<T>);
const resolve = async <T>(v: Lazy<T>): Promise<T> =>
  typeof v === 'function' ? (v as () => T | Promise<T>)() : v;

function notYet(what: string): never {
  throw new Error(
    `${what} is made in the beforeAll of setupTestApp or setupTestAccount: read it in a test or a later hook`,
  );
}

/**
 * One app for the enclosing describe block (or file): registers `beforeAll` (createTestApp) and
 * `afterAll` (drop), and returns a handle whose fields read the app once it exists. `opts` may be
 * a function, called in that `beforeAll` (after the file's earlier hooks), for options built from
 * something made there. Hooks run as a stack: an `afterAll` registered after this one runs before
 * the app closes, one registered before it runs after. Recipe: tests/README.md.
 */
export function setupTestApp(opts: Lazy<TestAppOptions> = {}): OwnedTestApp {
  let current: OwnedTestApp | undefined;
  const get = () => current ?? notYet('The test app');
  beforeAll(async () => {
    current = await createTestApp(await resolve(opts));
  });
  afterAll(async () => current?.drop());
  return {
    get app() {
      return get().app;
    },
    get database() {
      return get().database;
    },
    close: () => get().close(),
    drop: () => get().drop(),
  };
}

/**
 * setupTestApp plus, in the same `beforeAll`, a verified user with one product ('Shop' on
 * shop.example.com, or `brand`): `{app, token, userId, email, password, brandId, writeKey, call}`.
 * `call` may be taken at once (`const { call } = setupTestAccount()`): it reads the token per call.
 */
export function setupTestAccount(
  opts: Lazy<TestAppOptions & Pick<AccountOptions, 'brand'>> = {},
): OwnedTestApp & TestAccount {
  let account: TestAccount | undefined;
  let options: TestAppOptions & Pick<AccountOptions, 'brand'> = {};
  const t = setupTestApp(async () => {
    options = await resolve(opts);
    const appOptions: TestAppOptions & { brand?: unknown } = { ...options };
    delete appOptions.brand;
    return appOptions;
  });
  beforeAll(async () => {
    account = await createAccount(t.app, { brand: options.brand });
  });
  const get = () => account ?? notYet('The test account');
  return {
    get app() {
      return t.app;
    },
    get database() {
      return t.database;
    },
    close: () => t.close(),
    drop: () => t.drop(),
    get email() {
      return get().email;
    },
    get password() {
      return get().password;
    },
    get token() {
      return get().token;
    },
    get userId() {
      return get().userId;
    },
    get brandId() {
      return get().brandId;
    },
    get writeKey() {
      return get().writeKey;
    },
    call: (method, url, body) => get().call(method, url, body),
  };
}

/**
 * Apps made inside tests, each with its own options (`const newApp = setupTestApps()`, then
 * `await newApp({ env })` in a test): all dropped in the block's `afterAll`.
 */
export function setupTestApps(): (opts?: TestAppOptions) => Promise<OwnedTestApp> {
  const apps: OwnedTestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.drop();
  });
  return async (opts = {}) => {
    const t = await createTestApp(opts);
    apps.push(t);
    return t;
  };
}

/**
 * Two nodes of one deployment (multi-node tests), each a setupTestApp with its own DATA_DIR. On
 * PostgreSQL they share one fresh database, dropped after them; on PGlite, which one process owns,
 * each node has a database of its own.
 */
export function setupTwoNodes(opts: Lazy<TestAppOptions> = {}): [OwnedTestApp, OwnedTestApp] {
  let shared: Awaited<ReturnType<typeof freshDatabaseUrl>> | undefined;
  afterAll(async () => {
    await shared?.drop();
    if (shared) rmSync(`${shared.dataDir}-2`, { recursive: true, force: true });
  });
  beforeAll(async () => {
    if (TEST_DATABASE_URL) shared = await freshDatabaseUrl();
  });
  const node = (dataDir: (shared: { dataDir: string }) => string) =>
    setupTestApp(async () => {
      const options = await resolve(opts);
      return shared ? { ...options, db: { url: shared.url, dataDir: dataDir(shared) } } : options;
    });
  return [node((s) => s.dataDir), node((s) => `${s.dataDir}-2`)];
}

/** An app for one test: created, handed to `fn`, dropped afterwards whatever happens. */
export async function withTestApp<T>(
  opts: TestAppOptions,
  fn: (t: OwnedTestApp) => Promise<T>,
): Promise<T> {
  const t = await createTestApp(opts);
  try {
    return await fn(t);
  } finally {
    await t.drop();
  }
}
