import { beforeAll, describe, expect, it } from 'vitest';
import { BUILDER_PROBE_EVENT } from '@/lib/contracts/builder-probe';
import type { Realtime } from '@/server/realtime/notifier';
import { builderProbes } from '@/server/db/schema';
import { aFlow, aStep } from '../fixtures/flows';
import { MAX_OPEN_PICK_PAGES } from '@/server/modules/builder/builder-probe.repository';
import { createAccount, ENGINE, setupTestAccount, type TestAccount } from './helpers';

// The live match count of a hand-typed selector (docs/builder.md, "Live match count").
const emitted: { userId: string; event: string; payload: unknown }[] = [];
const realtime: Realtime = {
  emitToUser: (userId, event, payload) => void emitted.push({ userId, event, payload }),
  emitToRoom() {},
  mayHaveListeners: () => false,
  close: async () => {},
};
const t = setupTestAccount({ notifier: realtime });
let stranger: TestAccount;
let flowId: number;
const PAGE = 'https://app.shop.example.com/cart';
const ORIGIN = 'https://app.shop.example.com';

const newFlow = async (account: Pick<TestAccount, 'call' | 'brandId'>) => {
  const res = await account.call(
    'POST',
    '/v1/flows',
    aFlow({
      brand_id: account.brandId,
      steps: [
        aStep({ id: 's1', type: 'tool_tip', select_element: { url: '/cart', selector: '#a' } }),
        aStep({ id: 's2', type: 'tool_tip', select_element: { url: '/', selector: '#b' } }),
      ],
    }),
  );
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
};

/** A builder token of `mode` for step `step_id` of the test flow, as the page gets it. */
const tokenFor = async (step_id = 's1', mode = 'pick', flow = flowId) => {
  const launched = await t.call('POST', `/v1/flows/${flow}/builder-sessions`, {
    step_id,
    url: PAGE,
    mode,
  });
  expect(launched.statusCode).toBe(201);
  const code = /#signpost-builder=([A-Za-z0-9_-]+)$/.exec(launched.json().data.open_url)![1]!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/builder/exchange',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    payload: JSON.stringify({ code, write_key: t.writeKey }),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
};

const probe = (body: unknown, id = flowId, as = t.call) =>
  as('POST', `/v1/flows/${id}/builder-probe`, body);
const poll = (token: string, origin = ORIGIN) =>
  t.app.inject({
    method: 'GET',
    url: '/v1/builder/probe',
    headers: { authorization: `Bearer ${token}`, origin },
  });
const answer = (token: string, body: unknown, origin = ORIGIN) =>
  t.app.inject({
    method: 'PUT',
    url: '/v1/builder/probe',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin },
    payload: JSON.stringify(body),
  });

beforeAll(async () => {
  stranger = await createAccount(t.app, { brand: 'Theirs' });
  flowId = await newFlow(t);
});

describe(`builder probe: the live match count (${ENGINE})`, () => {
  it('stores the selector for the open picker, which counts it; the count reaches the owner', async () => {
    const token = await tokenFor();
    expect((await poll(token)).json()).toEqual({ data: null });

    const sent = await probe({ step_id: 's1', selector: '  .plan button ' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ open_pages: 1 });

    const polled = await poll(token);
    expect(polled.statusCode).toBe(200);
    expect(polled.headers['access-control-allow-origin']).toBe(ORIGIN);
    const pending = polled.json().data as { id: string; selector: string };
    expect(pending.selector).toBe('.plan button');

    emitted.length = 0;
    const answered = await answer(token, { id: pending.id, count: 3 });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toEqual({ delivered: true });
    expect(emitted).toEqual([
      {
        userId: t.userId,
        event: BUILDER_PROBE_EVENT,
        payload: { flow_id: flowId, step_id: 's1', selector: '.plan button', count: 3 },
      },
    ]);
    // Answered: nothing pending any more, and the same answer again is not delivered.
    expect((await poll(token)).json()).toEqual({ data: null });
    expect((await answer(token, { id: pending.id, count: 3 })).json().data).toEqual({
      delivered: false,
    });
    expect(emitted).toHaveLength(1);
  });

  it('keeps one pending probe per session: a newer selector replaces the older', async () => {
    const token = await tokenFor('s2');
    await probe({ step_id: 's2', selector: '#one' });
    const first = (await poll(token)).json().data as { id: string };
    await probe({ step_id: 's2', selector: '#two' });
    const second = (await poll(token)).json().data as { id: string; selector: string };
    expect(second.selector).toBe('#two');
    expect(second.id).not.toBe(first.id);
    const rows = await t.database.db.select().from(builderProbes);
    expect(rows.filter((r) => r.selector === '#one')).toEqual([]);
    // The count of the replaced one is dropped.
    emitted.length = 0;
    expect((await answer(token, { id: first.id, count: 1 })).json().data.delivered).toBe(false);
    expect(emitted).toEqual([]);
  });

  it('reaches only open pick pages of that step: none open answers 0 pages', async () => {
    const preview = await tokenFor('s2', 'preview');
    expect((await probe({ step_id: 's1', selector: '#x' })).json().data.open_pages).toBe(1);
    const other = await newFlow(t);
    expect((await probe({ step_id: 's1', selector: '#x' }, other)).json().data).toEqual({
      open_pages: 0,
    });
    // A preview token neither polls nor answers.
    expect((await poll(preview)).statusCode).toBe(403);
  });

  it(`reaches at most ${MAX_OPEN_PICK_PAGES} open pages of a step, the newest, each with the latest selector`, async () => {
    const flow = await newFlow(t);
    const tokens: string[] = [];
    for (let i = 0; i <= MAX_OPEN_PICK_PAGES; i++) tokens.push(await tokenFor('s1', 'pick', flow));
    const send = (selector: string) => probe({ step_id: 's1', selector }, flow);
    expect((await send('#first')).json().data).toEqual({ open_pages: MAX_OPEN_PICK_PAGES });
    expect((await send('#second')).json().data).toEqual({ open_pages: MAX_OPEN_PICK_PAGES });
    // The oldest page is past the bound; every other one has the second selector, once.
    expect((await poll(tokens[0]!)).json()).toEqual({ data: null });
    const pending = await Promise.all(
      tokens.slice(1).map(async (k) => (await poll(k)).json().data),
    );
    expect(pending.map((p: { selector: string }) => p.selector)).toEqual(
      Array(MAX_OPEN_PICK_PAGES).fill('#second'),
    );
    expect(new Set(pending.map((p: { id: string }) => p.id)).size).toBe(1);
  });

  it("answers 404 for another account's flow and stores nothing for it", async () => {
    const before = (await t.database.db.select().from(builderProbes)).length;
    const res = await probe({ step_id: 's1', selector: '#steal' }, flowId, stranger.call);
    expect(res.statusCode).toBe(404);
    expect((await t.database.db.select().from(builderProbes)).length).toBe(before);
    const theirs = await newFlow(stranger);
    expect((await probe({ step_id: 's1', selector: '#x' }, theirs)).statusCode).toBe(404);
  });

  it('refuses bad bodies, unknown tokens and other origins', async () => {
    expect((await probe({ step_id: 's1', selector: '' })).statusCode).toBe(400);
    expect((await probe({ step_id: 's1', selector: 'a'.repeat(1025) })).statusCode).toBe(400);
    expect((await poll('bt_unknown')).statusCode).toBe(401);
    const token = await tokenFor();
    const wrong = await poll(token, 'https://evil.example');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.headers['access-control-allow-origin']).toBeUndefined();
    expect((await answer(token, { id: 'x', count: -1 })).statusCode).toBe(400);
  });
});
