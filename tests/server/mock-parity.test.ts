import { readdirSync } from 'node:fs';
import { getResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifiedSessionSchema } from '@/lib/contracts/auth';
import { apiErrorBody, okMessage } from '@/lib/contracts/common';
import { brandSchema } from '@/lib/contracts/brands';
import { db, resetMockDb } from '../mocks/db';
import { handlers } from '../mocks/handlers';
import { PARITY_TABLES } from './parity';
import type { ParityStep, ParityTable, Saved } from './parity/table';
import { trackEvent } from '@/server/analytics/test-events';
import { setupTestApp, tokenFromOutbox } from './helpers';

/**
 * The mock API is kept honest (tests/README.md, "Mock parity"): every request of the tables in
 * tests/server/parity/ goes to the MSW handlers of `npm run dev:mock` and the component tests, and
 * to the real app; status codes and contract-parsed bodies must agree (ids, times, keys and
 * cursors compared by type). The real server is the truth: a difference is fixed in tests/mocks/.
 */

type Method = ParityStep['method'];
interface Answer {
  status: number;
  body: unknown;
}
type Send = (method: Method, path: string, body?: unknown, token?: string) => Promise<Answer>;

const MOCK_ORIGIN = 'http://localhost:3000';
const EMAIL = 'parity@example.com';
/** The second account, of the `stranger` steps. */
const STRANGER_EMAIL = 'parity-stranger@example.com';
const PASSWORD = 'Parity1!pass';

/** Keys whose values each side makes up on its own: compared by type only. */
const VOLATILE_KEYS = new Set([
  'id',
  'brand_id',
  'user_id',
  'flow_id',
  'step_id',
  'plan_id',
  'payment_id',
  'customer_id',
  'stripe_customer_id',
  'created_at',
  'updated_at',
  'last_seen',
  'last_used_at',
  'timestamp',
  'received_at',
  'nextCursor',
  'write_key',
  'identity_secret',
  'server_key',
  'client_secret',
  'token',
  'message_id',
  'user_agent',
  'ip',
  'current_period_start',
  'current_period_end',
]);

/** The parity table file of a handler file of tests/mocks/ (see tests/server/parity/index.ts). */
const tableFileOf = (handlerFile: string) =>
  handlerFile === 'handlers.ts' ? 'account.ts' : handlerFile.replace(/\.handlers\.ts$/, '.ts');
const dir = (path: string) => new URL(path, import.meta.url);

/** One app and two accounts for the whole file (the table's steps build on each other). */
const t = setupTestApp();

const sendReal: Send = async (method, path, body, token) => {
  const res = await t.app.inject({
    method,
    url: path,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.statusCode, body: res.body ? (res.json() as unknown) : undefined };
};

/** Through msw's own request matching (`getResponse`), without patching the global fetch. */
const sendMock: Send = async (method, path, body, token) => {
  const request = new Request(MOCK_ORIGIN + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const res = await getResponse(handlers, request);
  if (!res) return { status: 0, body: `no mock handler for ${method} ${path}` };
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
};

interface Side {
  name: 'mock' | 'real';
  send: Send;
  token: string;
  /** The second account's session, for the `stranger` steps. */
  strangerToken: string;
  saved: Saved;
}
const real: Side = { name: 'real', send: sendReal, token: '', strangerToken: '', saved: {} };
const mock: Side = { name: 'mock', send: sendMock, token: '', strangerToken: '', saved: {} };

/** Volatile keys (and, for a 'shape' comparison, every value) reduced to their type. */
function normalise(
  value: unknown,
  shapeOnly: boolean,
  key?: string,
  madeUp: string[] = [],
): unknown {
  // By shape, an array is the distinct shapes of its items (made-up rows need not be as many).
  if (Array.isArray(value) && shapeOnly) {
    const shapes = value.map((v) => JSON.stringify(normalise(v, true, undefined, madeUp)));
    return [...new Set(shapes)].sort().map((s) => JSON.parse(s) as unknown);
  }
  if (Array.isArray(value)) return value.map((v) => normalise(v, shapeOnly, undefined, madeUp));
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a.localeCompare(b),
    );
    return Object.fromEntries(entries.map(([k, v]) => [k, normalise(v, shapeOnly, k, madeUp)]));
  }
  // Each side's own value, which may not exist yet on one side (a count still running): compared
  // by presence only.
  if (key !== undefined && madeUp.includes(key)) return '<made-up>';
  if (shapeOnly || (key !== undefined && VOLATILE_KEYS.has(key)))
    return `<${value === null ? 'null' : typeof value}>`;
  return value;
}

/** The answer as compared: status, and the body parsed with its contract, then normalised. */
function comparable(step: ParityStep, answer: Answer) {
  const { status, body } = answer;
  if (status >= 200 && status < 300) {
    const data = (body as { data?: unknown } | undefined)?.data;
    const parsed = step.contract?.safeParse(data);
    if (parsed && !parsed.success)
      return { status, contractProblems: parsed.error.issues.slice(0, 3), body: data };
    return { status, data: normalise(data, step.compare === 'shape', undefined, step.madeUp) };
  }
  const parsed = apiErrorBody.safeParse(body);
  if (!parsed.success) return { status, notAnApiError: body };
  return { status, error: normalise(body, false) };
}

async function run(side: Side, step: ParityStep): Promise<Answer> {
  const path = typeof step.path === 'function' ? step.path(side.saved) : step.path;
  const body = step.bodyOf ? step.bodyOf(side.saved) : step.body;
  const token = step.anonymous ? undefined : step.stranger ? side.strangerToken : side.token;
  const answer = await side.send(step.method, path, body, token);
  if (step.save && answer.status < 300) {
    Object.assign(side.saved, step.save((answer.body as { data: never }).data));
  }
  return answer;
}

/** A signed-up, verified account: its answers and its session token. */
async function verifiedAccount(
  side: Side,
  email: string,
  mailedToken: (email: string) => Promise<string>,
) {
  const send = side.send;
  const up = await send('POST', '/v1/auth/sign-up', { name: 'Parity', email, password: PASSWORD });
  const verified = await send('POST', '/v1/auth/verify-email', {
    token: await mailedToken(email),
    password: PASSWORD,
  });
  const token = verifiedSessionSchema.parse((verified.body as { data: unknown }).data).token;
  return { up, verified, token };
}

/**
 * The signed-up, verified account with one product, the same on both sides, and a second account
 * without a product (the `stranger` steps).
 */
async function signUp(side: Side, mailedToken: (email: string) => Promise<string>) {
  const send = side.send;
  const { up, verified, token } = await verifiedAccount(side, EMAIL, mailedToken);
  side.token = token;
  side.strangerToken = (await verifiedAccount(side, STRANGER_EMAIL, mailedToken)).token;
  const product = await send(
    'POST',
    '/v1/brands',
    { name: 'Shop', domain: 'shop.example.com' },
    side.token,
  );
  side.saved.brand = brandSchema.parse((product.body as { data: unknown }).data).id;
  return { up, verified, product };
}

const DAY_MS = 86_400_000;
let eventCount = 0;
function realEvent(e: NonNullable<ParityTable['realEvents']>[number]) {
  const iso = new Date(Date.now() - e.daysAgo * DAY_MS).toISOString();
  return trackEvent(Number(real.saved.brand), `parity-${++eventCount}`, e.event, iso, {
    userId: e.customer,
    properties: (e.properties ?? {}) as Record<string, unknown>,
  });
}

function mockVerifyToken(email: string): Promise<string> {
  const link = db.outbox.findLast((m) => m.to === email)?.links[0];
  return Promise.resolve(new URL(link ?? 'http://x').searchParams.get('token') ?? '');
}

beforeAll(() => resetMockDb());

describe('the mock API answers as the real one', () => {
  it('sign-up, verify and a first product', async () => {
    const r = await signUp(real, (email) => tokenFromOutbox(t.app, email, '/verify-email'));
    const m = await signUp(mock, mockVerifyToken);
    const up = { name: 'sign-up', method: 'POST', path: '', contract: okMessage } as const;
    expect.soft(comparable(up, m.up), 'handlers.ts › sign-up').toEqual(comparable(up, r.up));
    const verify = { ...up, name: 'verify', contract: verifiedSessionSchema };
    expect
      .soft(comparable(verify, m.verified), 'handlers.ts › verify')
      .toEqual(comparable(verify, r.verified));
    const product = { ...up, name: 'create product', contract: brandSchema };
    expect
      .soft(comparable(product, m.product), 'handlers.ts › create a product')
      .toEqual(comparable(product, r.product));
  });

  it('has a table for every handler file of tests/mocks/, and a table file for each', () => {
    const handlerFiles = readdirSync(dir('../mocks/')).filter((f) => f.endsWith('handlers.ts'));
    expect(new Set(PARITY_TABLES.map((table) => table.file))).toEqual(new Set(handlerFiles));
    const tableFiles = readdirSync(dir('./parity/')).filter(
      (f) => f !== 'index.ts' && f !== 'table.ts',
    );
    expect(new Set(tableFiles)).toEqual(new Set(handlerFiles.map(tableFileOf)));
  });

  for (const table of PARITY_TABLES) {
    it(`${table.file}: ${table.title}`, async () => {
      // Every table checks the tenant rule: another account's read of a saved object is refused.
      expect
        .soft(
          table.steps.some((step) => step.stranger),
          `${table.file}: a stranger step`,
        )
        .toBe(true);
      if (table.realEvents) await t.app.ctx.analytics.insert(table.realEvents.map(realEvent));
      for (const step of table.steps) {
        const truth = comparable(step, await run(real, step));
        const answer = comparable(step, await run(mock, step));
        const label = `${table.file} › ${step.name}`;
        // The table checks itself: a step with a contract succeeds on the real app, one without
        // is refused there.
        expect.soft(truth.status < 300, `${label}: the real app's answer`).toBe(!!step.contract);
        // Another account's object is not found, whatever it is.
        if (step.stranger) expect.soft(truth.status, `${label}: as another account`).toBe(404);
        expect.soft(answer, label).toEqual(truth);
      }
    });
  }
});
