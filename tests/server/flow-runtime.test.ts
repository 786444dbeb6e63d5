import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { App } from '@/server/app';
import { flowSessions } from '@/server/db/schema';
import {
  type ApiRequest,
  basic,
  createAccount,
  ENGINE,
  ingest,
  setupTestAccount,
  type TestAccount,
} from './helpers';
import type { FlowButton, FlowStep, UrlCondition } from '@/lib/contracts/flows';
import { aButton, aFlow, aFlowCondition, aStep, aUrlTrigger } from '../fixtures/flows';

/**
 * The flow runtime through HTTP: available-flow, track, done (docs/flows.md, "Runtime API").
 * The decision's every operator and window is covered by decide.test.ts; here, the wiring:
 * reads, sessions, display rules, events, unpublish and tenancy.
 */

let identitySecret: string;
/** A user id as the customer's own server signs it (docs/flows.md, "Who a visitor is"). */
const signed = (userId: string) => ({
  userId,
  userHash: createHmac('sha256', identitySecret).update(userId).digest('hex'),
});

const button = (id: string, actions: unknown[]) =>
  aButton({ id, background_color: '#111111', actions: actions as FlowButton['actions'] });

const step = (id: string, extra: Record<string, unknown> = {}) =>
  aStep({
    id,
    content: `<p>${id}</p><script>alert(1)</script>`,
    buttons: [button(`${id}-next`, [{ type: 'dismiss' }])],
    ...(extra as Partial<FlowStep>),
  });

const urlTrigger = (value: string, condition_type = 'contains') =>
  aUrlTrigger({ value, condition_type: condition_type as UrlCondition['condition_type'] });

let seq = 0;
/** A published tour of its own on `/page-N` (each call the next N), shown once, two steps. */
const tour = (over: Record<string, unknown> = {}) => ({
  ...aFlow({
    brand_id: t.brandId,
    name: `Tour ${++seq}`,
    condition: aFlowCondition(urlTrigger(`/page-${seq}`, 'ends with')),
    display_type: 'once',
    steps: [step('one'), step('two')],
  }),
  publish: true,
  ...over,
});

async function publish(body: Record<string, unknown>, as: ApiRequest = call) {
  const res = await as('POST', '/v1/flows', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
}

const post = (app: App, url: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'text/plain', ...headers },
    payload: JSON.stringify(body),
  });

interface Answer {
  flow: { id: number; name: string; steps: { id: string; content: string }[] };
  session: { id: string; current_step_id: string; resumed: boolean; on_this_page: boolean };
}
async function ask(body: Record<string, unknown>, key = t.writeKey): Promise<Answer | null> {
  const res = await post(t.app, '/v1/flows/available-flow', { writeKey: key, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Answer | null;
}
const track = (flowId: number, body: Record<string, unknown>, key = t.writeKey) =>
  post(t.app, `/v1/flows/${flowId}/track`, { writeKey: key, ...body });
const done = (flowId: number, body: Record<string, unknown>, key = t.writeKey) =>
  post(t.app, `/v1/flows/${flowId}/done`, { writeKey: key, ...body });

/** Flow events are stored after the answer: wait until the store has them. */
async function storedFlowEvents(sessionId: string, expected: number) {
  let rows: { event: string; properties: Record<string, unknown> }[] = [];
  await vi.waitFor(
    async () => {
      const all = await t.app.ctx.analytics.query({
        kind: 'visitorEvents',
        brandId: t.brandId,
        userId: null,
        anonymousId: 'v-events',
        events: [
          'flow_started',
          'flow_step_seen',
          'flow_button_clicked',
          'flow_completed',
          'flow_dismissed',
        ],
        from: null,
        limit: 100,
      });
      rows = all.filter((r) => r.properties.session_id === sessionId);
      expect(rows.length).toBe(expected);
    },
    { timeout: 5_000, interval: 50 },
  );
  return rows;
}

/** The server's clock: tests move it past the rest after a tour ends. */
let clock = Date.now();
const later = (minutes: number) => {
  clock += minutes * 60_000;
};

const t = setupTestAccount({ now: () => new Date(clock) });
const { call } = t;
let other: TestAccount;
beforeAll(async () => {
  const sources = await call('GET', `/v1/brands/${t.brandId}/sources`);
  identitySecret = sources.json().data.identity_secret as string;
  other = await createAccount(t.app);
});

describe(`flow runtime (${ENGINE})`, () => {
  it('shows a tour whose URL matches, sanitised, once; resumes it until it ends', async () => {
    const f = await publish(tour());
    const url = `https://shop.example.com/page-${seq}`;
    expect(await ask({ anonymousId: 'v1', url: 'https://shop.example.com/elsewhere' })).toBeNull();
    const first = await ask({ anonymousId: 'v1', url });
    expect(first?.flow.id).toBe(f.id);
    expect(first?.flow.steps[0]!.content).toBe('<p>one</p>');
    expect(first?.session).toMatchObject({ current_step_id: 'one', resumed: false });
    // A reload, another tab, another page: the same session, on its step.
    expect(
      (await track(f.id, { session_id: first!.session.id, step_id: 'two', type: 'step_seen' }))
        .statusCode,
    ).toBe(200);
    const again = await ask({ anonymousId: 'v1', url: 'https://shop.example.com/elsewhere' });
    expect(again?.session).toMatchObject({
      id: first!.session.id,
      current_step_id: 'two',
      resumed: true,
    });
    const end = await done(f.id, { session_id: first!.session.id, outcome: 'completed' });
    expect(end.json().data).toMatchObject({ state: 'completed', recorded: true });
    // Display once: never again for this visitor; another visitor still sees it.
    expect(await ask({ anonymousId: 'v1', url })).toBeNull();
    expect((await ask({ anonymousId: 'v2', url }))?.flow.id).toBe(f.id);
  });

  it('tabs asking at once share one session, and its first step can be tracked at once', async () => {
    const f = await publish(tour());
    const url = `https://shop.example.com/page-${seq}`;
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map(() => ask({ anonymousId: 'v-tabs', url })),
    );
    const ids = new Set(answers.map((a) => a?.session.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a?.session.resumed === false)).toHaveLength(1);
    const [id] = [...ids];
    // The row may still be on its way to the database: the first track waits for it.
    const seen = await track(f.id, { session_id: id, step_id: 'one', type: 'step_seen' });
    expect(seen.json().data).toMatchObject({ state: 'open', recorded: true });
    const rows = await t.database.db
      .select()
      .from(flowSessions)
      .where(and(eq(flowSessions.brandId, t.brandId), eq(flowSessions.visitorKey, 'v-tabs')));
    expect(rows.map((r) => r.id)).toEqual([id]);
  });

  it('every_time and custom display rules, priority, then the newest published', async () => {
    const path = `/rules-${++seq}`;
    const low = await publish(
      tour({
        condition: { trigger_conditions: [urlTrigger(path)], trigger_operator: 'AND' },
        display_type: 'every_time',
        priority: 1,
      }),
    );
    const high = await publish(
      tour({
        condition: { trigger_conditions: [urlTrigger(path)], trigger_operator: 'AND' },
        display_type: 'custom',
        display_times: 2,
        priority: 5,
      }),
    );
    const url = `https://shop.example.com${path}`;
    const shown: number[] = [];
    for (let i = 0; i < 4; i++) {
      const a = await ask({ anonymousId: 'rules', url });
      shown.push(a!.flow.id);
      await done(a!.flow.id, { session_id: a!.session.id, outcome: 'dismissed' });
      // A tour just dismissed rests (every visit, not every click): the next one may show.
      const next = await ask({ anonymousId: 'rules', url });
      if (next) await done(next.flow.id, { session_id: next.session.id, outcome: 'dismissed' });
      expect(next?.flow.id).not.toBe(a!.flow.id);
      later(31);
    }
    expect(shown).toEqual([high.id, high.id, low.id, low.id]);
  });

  it('customer conditions read the profile; event conditions read the visitor events', async () => {
    const path = `/cond-${++seq}`;
    const defined = await call('POST', '/v1/events', {
      brand_id: t.brandId,
      name: 'Order Placed',
      code: 'Order Placed',
      attributes: [{ code: 'total', name: 'Total', data_type: 'number' }],
    });
    expect(defined.statusCode, defined.body).toBe(201);
    const eventId = (defined.json().data as { id: number }).id;
    const f = await publish(
      tour({
        condition: {
          trigger_conditions: [
            urlTrigger(path),
            {
              trigger_type: 'customer_condition',
              conditions: [{ customer_key: 'plan', condition_type: 'exact', value: 'pro' }],
            },
            {
              trigger_type: 'event',
              conditions: [
                {
                  event_id: eventId,
                  event_code: 'Order Placed',
                  frequency: { condition_type: 'at_least', value: 2 },
                  timeframe: { condition_type: 'in_the_last', value: 7, unit: 'days' },
                  attribute_conditions: [
                    { attribute_key: 'total', condition_type: '>', value: 10 },
                  ],
                  attribute_condition_operator: 'AND',
                },
              ],
            },
          ],
          trigger_operator: 'AND',
        },
      }),
    );
    const url = `https://shop.example.com${path}`;
    const identify = await ingest(t.app, t.writeKey, '/v1/identify', {
      userId: 'buyer',
      traits: { plan: 'pro' },
    });
    expect(identify.statusCode, identify.body).toBe(200);
    const order = (total: number) =>
      ingest(t.app, t.writeKey, '/v1/track', {
        userId: 'buyer',
        event: 'Order Placed',
        properties: { total },
      });
    await order(50);
    await order(5); // does not count: total ≤ 10
    expect(await ask({ ...signed('buyer'), anonymousId: 'a-buyer', url })).toBeNull();
    await order(20);
    let shown: Answer | null = null;
    await vi.waitFor(
      async () => {
        shown = await ask({ ...signed('buyer'), anonymousId: 'a-buyer', url });
        expect(shown?.flow.id).toBe(f.id);
      },
      { timeout: 5_000 },
    );
    // On the embedded store the events of codes in use are kept in memory: once loaded, a
    // decision reads no events from the store, and new events still count.
    if (t.app.ctx.analytics.engine === 'duckdb') {
      const dismissed = await done(f.id, { session_id: shown!.session.id, outcome: 'dismissed' });
      expect(dismissed.statusCode, dismissed.body).toBe(200);
      const reads = vi.spyOn(t.app.ctx.analytics, 'query');
      const other = `https://shop.example.com/other${path}`;
      const f2 = await publish(
        tour({
          condition: {
            trigger_conditions: [
              urlTrigger(`/other${path}`),
              {
                trigger_type: 'event',
                conditions: [
                  {
                    event_id: eventId,
                    event_code: 'Order Placed',
                    frequency: { condition_type: 'at_least', value: 4 },
                    timeframe: { condition_type: 'anytime' },
                    attribute_conditions: [],
                    attribute_condition_operator: 'AND',
                  },
                ],
              },
            ],
            trigger_operator: 'AND',
          },
        }),
      );
      const eventReads = () => reads.mock.calls.filter(([q]) => q.kind === 'visitorEvents');
      // The code's load started with the first ask of this test; wait until it is done.
      await vi.waitFor(
        async () => {
          reads.mockClear();
          expect(await ask({ ...signed('buyer'), anonymousId: 'a-buyer', url: other })).toBeNull();
          expect(eventReads()).toEqual([]);
        },
        { timeout: 5_000, interval: 20 },
      );
      await order(1);
      expect((await ask({ ...signed('buyer'), anonymousId: 'a-buyer', url: other }))?.flow.id).toBe(
        f2.id,
      );
      expect(eventReads()).toEqual([]);
      reads.mockRestore();
    }
  });

  it("unsigned, as the SDK sends it: the user's events count once their browser identified", async () => {
    const path = `/unsigned-${++seq}`;
    const defined = await call('POST', '/v1/events', {
      brand_id: t.brandId,
      name: 'Plan Chosen',
      code: 'Plan Chosen',
      attributes: [],
    });
    expect(defined.statusCode, defined.body).toBe(201);
    const eventId = (defined.json().data as { id: number }).id;
    const f = await publish(
      tour({
        condition: {
          trigger_conditions: [
            urlTrigger(path),
            {
              trigger_type: 'event',
              conditions: [
                {
                  event_id: eventId,
                  event_code: 'Plan Chosen',
                  frequency: { condition_type: 'at_least', value: 2 },
                  timeframe: { condition_type: 'anytime' },
                  attribute_conditions: [],
                  attribute_condition_operator: 'AND',
                },
              ],
            },
          ],
          trigger_operator: 'AND',
        },
      }),
    );
    const url = `https://shop.example.com${path}`;
    // Two events from the customer's server, with the user id alone.
    const chose = () =>
      ingest(t.app, t.writeKey, '/v1/track', { userId: 'sdk-user', event: 'Plan Chosen' });
    expect((await chose()).statusCode).toBe(200);
    expect((await chose()).statusCode).toBe(200);
    // Before the browser identified, its claim of the user id counts none of them.
    await vi.waitFor(async () => {
      const profile = await t.app.ctx.profiles.findVisitor(t.brandId, {
        userId: 'sdk-user',
        anonymousId: 'none',
      });
      expect(profile?.customerKey).toBe('sdk-user');
    });
    expect(await ask({ userId: 'sdk-user', anonymousId: 'sdk-browser', url })).toBeNull();
    const identify = await ingest(t.app, t.writeKey, '/v1/identify', {
      userId: 'sdk-user',
      anonymousId: 'sdk-browser',
    });
    expect(identify.statusCode).toBe(200);
    await vi.waitFor(
      async () =>
        expect((await ask({ userId: 'sdk-user', anonymousId: 'sdk-browser', url }))?.flow.id).toBe(
          f.id,
        ),
      { timeout: 5_000 },
    );
    // Another browser claiming the same user id, never identified there, counts none of them.
    expect(await ask({ userId: 'sdk-user', anonymousId: 'other-browser', url })).toBeNull();
  });

  it('anonymous history follows the visitor when they identify', async () => {
    const f = await publish(tour());
    const url = `https://shop.example.com/page-${seq}`;
    const a = await ask({ anonymousId: 'anon-x', url });
    await done(f.id, { session_id: a!.session.id, outcome: 'dismissed' });
    expect(await ask({ userId: 'user-x', anonymousId: 'anon-x', url })).toBeNull();
  });

  it('signing in where the user id already holds an open session resumes that one', async () => {
    const f = await publish(tour({ display_type: 'every_time' }));
    const fUrl = `https://shop.example.com/page-${seq}`;
    const onPhone = await ask({ ...signed('user-two-keys'), anonymousId: 'phone', url: fUrl });
    expect(onPhone?.session.resumed).toBe(false);
    // On the laptop, still anonymous, another tour starts; then its step is edited away.
    const gBody = tour();
    const g = await publish(gBody);
    const onLaptop = await ask({
      anonymousId: 'laptop',
      url: `https://shop.example.com/page-${seq}`,
    });
    expect(onLaptop?.flow.id).toBe(g.id);
    const edited = await call('PUT', `/v1/flows/${g.id}`, { ...gBody, steps: [step('other')] });
    expect(edited.statusCode, edited.body).toBe(200);
    // Signing in on the laptop: its anonymous session ends (edited); the decision picks f again,
    // whose open session under the user id is the one shown, stored and trackable.
    const signedIn = await ask({ ...signed('user-two-keys'), anonymousId: 'laptop', url: fUrl });
    expect(signedIn?.flow.id).toBe(f.id);
    expect(signedIn?.session).toMatchObject({ id: onPhone!.session.id, resumed: true });
    const seen = await track(f.id, {
      session_id: signedIn!.session.id,
      step_id: 'one',
      type: 'step_seen',
    });
    expect(seen.json().data).toMatchObject({ state: 'open', recorded: true });
  });

  it('track and done are idempotent; nothing moves after a dismissal; events are stored', async () => {
    const f = await publish(
      tour({
        steps: [
          step('one'),
          step('two', { buttons: [button('out', [{ type: 'navigation', value: '/next' }])] }),
          step('three'),
        ],
      }),
    );
    const url = `https://shop.example.com/page-${seq}`;
    const a = await ask({ anonymousId: 'v-events', url });
    const sid = a!.session.id;
    const seen = { session_id: sid, step_id: 'two', type: 'step_seen' };
    expect((await track(f.id, seen)).json().data).toMatchObject({ recorded: true, state: 'open' });
    expect((await track(f.id, seen)).statusCode).toBe(200);
    // A navigation button moves the session to the next step: the next page resumes there.
    const click = await track(f.id, {
      session_id: sid,
      step_id: 'two',
      type: 'button_clicked',
      button_id: 'out',
    });
    expect(click.json().data).toMatchObject({ recorded: true });
    expect(
      (await ask({ anonymousId: 'v-events', url: 'https://shop.example.com/next' }))?.session
        .current_step_id,
    ).toBe('three');
    expect(
      (await done(f.id, { session_id: sid, outcome: 'dismissed', reason: 'esc' })).json().data,
    ).toMatchObject({ state: 'dismissed', recorded: true });
    expect((await done(f.id, { session_id: sid, outcome: 'completed' })).json().data).toMatchObject(
      { state: 'dismissed', recorded: false },
    );
    expect((await track(f.id, { ...seen, step_id: 'three' })).json().data).toMatchObject({
      state: 'dismissed',
      recorded: false,
    });
    const rows = await storedFlowEvents(sid, 4);
    expect(rows.map((r) => r.event).sort()).toEqual([
      'flow_button_clicked',
      'flow_dismissed',
      'flow_started',
      'flow_step_seen',
    ]);
    expect(rows.find((r) => r.event === 'flow_step_seen')?.properties).toMatchObject({
      flow_id: f.id,
      step_id: 'two',
      step_index: 1,
    });
  });

  it('a tooltip on another page waits; target_missing ends the session', async () => {
    const f = await publish(
      tour({
        steps: [
          step('one', { buttons: [button('one-next', [{ type: 'goto', reference_step: 'tip' }])] }),
          {
            ...step('tip'),
            type: 'tool_tip',
            select_element: { url: 'https://shop.example.com/cart', selector: '#buy' },
          },
        ],
      }),
    );
    const a = await ask({ anonymousId: 'v-tip', url: `https://shop.example.com/page-${seq}` });
    await track(f.id, {
      session_id: a!.session.id,
      step_id: 'one',
      type: 'button_clicked',
      button_id: 'one-next',
    });
    await track(f.id, { session_id: a!.session.id, step_id: 'tip', type: 'step_seen' });
    const elsewhere = await ask({
      anonymousId: 'v-tip',
      url: `https://shop.example.com/page-${seq}`,
    });
    expect(elsewhere?.session).toMatchObject({ current_step_id: 'tip', on_this_page: false });
    const there = await ask({ anonymousId: 'v-tip', url: 'https://shop.example.com/cart/' });
    expect(there?.session.on_this_page).toBe(true);
    const missing = await track(f.id, {
      session_id: a!.session.id,
      step_id: 'tip',
      type: 'target_missing',
    });
    expect(missing.json().data).toMatchObject({ state: 'ended', recorded: true });
    expect(await ask({ anonymousId: 'v-tip', url: 'https://shop.example.com/cart' })).toBeNull();
  });

  it('a click on a tooltip element runs its element actions (no button id)', async () => {
    const f = await publish(
      tour({
        steps: [
          {
            ...step('tip'),
            type: 'tool_tip',
            select_element: { url: `https://shop.example.com/page-${seq + 1}`, selector: '#go' },
            element_actions: [{ type: 'navigation', value: '/next' }],
          },
          step('after'),
        ],
      }),
    );
    const a = await ask({ anonymousId: 'v-el', url: `https://shop.example.com/page-${seq}` });
    expect(a?.session.on_this_page).toBe(true);
    const click = await track(f.id, {
      session_id: a!.session.id,
      step_id: 'tip',
      type: 'button_clicked',
    });
    expect(click.json().data).toMatchObject({ recorded: true });
    const next = await ask({ anonymousId: 'v-el', url: 'https://shop.example.com/next' });
    expect(next?.session).toMatchObject({ current_step_id: 'after', resumed: true });
  });

  it("an unsigned user id from another browser cannot start, advance or end that user's session, nor spend their once tour", async () => {
    const f = await publish(tour());
    const url = `https://shop.example.com/page-${seq}`;
    // The real user, signed in on their own browser; their session of the once tour is open.
    const mine = await ask({ ...signed('victim-42'), anonymousId: 'victim-browser', url });
    expect(mine?.flow.id).toBe(f.id);
    // A script holding the public write key claims the user id, unsigned, from its own browser.
    const spoof = await ask({ userId: 'victim-42', anonymousId: 'attacker-browser', url });
    expect(spoof?.session.id).not.toBe(mine!.session.id);
    expect(spoof?.session.resumed).toBe(false);
    const ended = await done(f.id, { session_id: spoof!.session.id, outcome: 'dismissed' });
    expect(ended.json().data).toMatchObject({ state: 'dismissed' });
    // Nothing of it reached the user: their session is open, on the step they were on.
    const back = await ask({ ...signed('victim-42'), anonymousId: 'victim-browser', url });
    expect(back?.session).toMatchObject({ id: mine!.session.id, resumed: true });
    const [row] = await t.database.db
      .select()
      .from(flowSessions)
      .where(eq(flowSessions.id, mine!.session.id));
    expect(row).toMatchObject({ state: 'open', visitorKey: 'victim-42', currentStepId: 'one' });

    // Unsigned on both sides (a product without signed identities): the claim keys nothing, so
    // a stranger who dismisses "their" once tour changes nothing for the user's own browser.
    const g = await publish(tour());
    const gUrl = `https://shop.example.com/page-${seq}`;
    const stranger = await ask({
      userId: 'plain-user',
      anonymousId: 'stranger-browser',
      url: gUrl,
    });
    expect(stranger?.flow.id).toBe(g.id);
    await done(g.id, { session_id: stranger!.session.id, outcome: 'dismissed' });
    const user = await ask({ userId: 'plain-user', anonymousId: 'user-browser', url: gUrl });
    expect(user?.flow.id).toBe(g.id);
    expect(user?.session.resumed).toBe(false);
    // And the user's own browser keeps its history: dismissed there, the once tour stays gone.
    await done(g.id, { session_id: user!.session.id, outcome: 'dismissed' });
    expect(await ask({ userId: 'plain-user', anonymousId: 'user-browser', url: gUrl })).toBeNull();
  });

  it('an anonymous id equal to a user id never reaches that user; a week-idle session ends', async () => {
    const f = await publish(tour({ display_type: 'every_time' }));
    const url = `https://shop.example.com/page-${seq}`;
    const mine = await ask({ userId: 'victim', anonymousId: 'victim-anon', url });
    expect(mine?.flow.id).toBe(f.id);
    // Someone posing as an anonymous visitor whose id is the victim's user id: a new session of
    // their own, never the victim's.
    const spoof = await ask({ anonymousId: 'victim', url });
    expect(spoof?.session.id ?? null).not.toBe(mine!.session.id);
    expect(spoof?.session.resumed ?? false).toBe(false);
    // The victim's session resumes for the victim, until it has been idle for a week.
    expect((await ask({ userId: 'victim', anonymousId: 'victim-anon', url }))?.session.id).toBe(
      mine!.session.id,
    );
    later(7 * 24 * 60 + 1);
    const fresh = await ask({ userId: 'victim', anonymousId: 'victim-anon', url });
    expect(fresh?.session.id).not.toBe(mine!.session.id);
    expect(fresh?.session.resumed).toBe(false);
  });

  it('unpublishing and deleting end the open sessions: the next ask shows nothing', async () => {
    const f = await publish(tour({ display_type: 'every_time' }));
    const url = `https://shop.example.com/page-${seq}`;
    const a = await ask({ anonymousId: 'v-unpub', url });
    expect(a?.flow.id).toBe(f.id);
    const full = (await call('GET', `/v1/flows/${f.id}`)).json().data as Record<string, unknown>;
    const off = await call('PUT', `/v1/flows/${f.id}`, { ...full, publish: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await ask({ anonymousId: 'v-unpub', url, session_id: a!.session.id })).toBeNull();
    expect(
      (await track(f.id, { session_id: a!.session.id, step_id: 'one', type: 'step_seen' })).json()
        .data,
    ).toMatchObject({ state: 'ended', recorded: false });

    const g = await publish(tour({ display_type: 'every_time' }));
    const b = await ask({ anonymousId: 'v-del', url: `https://shop.example.com/page-${seq}` });
    expect(b?.flow.id).toBe(g.id);
    expect((await call('DELETE', `/v1/flows/${g.id}`)).statusCode).toBe(200);
    expect(
      await ask({ anonymousId: 'v-del', url: `https://shop.example.com/page-${seq}` }),
    ).toBeNull();
  });

  it('one product never sees or touches another product’s tours and sessions', async () => {
    const mine = await publish(tour({ display_type: 'every_time' }));
    const url = `https://shop.example.com/page-${seq}`;
    expect(await ask({ anonymousId: 'iso', url }, other.writeKey)).toBeNull();
    const a = await ask({ anonymousId: 'iso', url });
    const body = { session_id: a!.session.id, step_id: 'one', type: 'step_seen' };
    expect((await track(mine.id, body, other.writeKey)).statusCode).toBe(404);
    expect(
      (await done(mine.id, { session_id: a!.session.id, outcome: 'completed' }, other.writeKey))
        .statusCode,
    ).toBe(404);
    const theirs = await publish({ ...tour(), brand_id: other.brandId }, other.call);
    // A session id of mine with their flow id: not found either.
    expect((await track(theirs.id, body)).statusCode).toBe(404);
    // The other owner's report of my tour: 404.
    expect((await other.call('GET', `/v1/flows/${mine.id}/report`)).statusCode).toBe(404);
  });

  it('refuses bad input and bad keys with a clear 4xx', async () => {
    const missingKey = await post(t.app, '/v1/flows/available-flow', {
      anonymousId: 'x',
      url: 'https://a',
    });
    expect(missingKey.statusCode).toBe(401);
    const unknownKey = await post(t.app, '/v1/flows/available-flow', {
      writeKey: 'wk_nope',
      anonymousId: 'x',
      url: 'https://a',
    });
    expect(unknownKey.statusCode).toBe(401);
    const noUrl = await post(t.app, '/v1/flows/available-flow', {
      writeKey: t.writeKey,
      anonymousId: 'x',
    });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().message).toMatch(/url/i);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/v1/flows/available-flow',
      headers: { 'content-type': 'text/plain' },
      payload: '{',
    });
    expect(badJson.statusCode).toBe(400);
    const badType = await track(1, { session_id: 's', step_id: 'x', type: 'exploded' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toContain('step_seen');
    const badOutcome = await done(1, { session_id: 's', outcome: 'maybe' });
    expect(badOutcome.statusCode).toBe(400);
    expect(
      (await track(1, { session_id: 'nope', step_id: 'x', type: 'step_seen' })).statusCode,
    ).toBe(404);
    const foreign = await post(
      t.app,
      '/v1/flows/available-flow',
      { writeKey: t.writeKey, anonymousId: 'x', url: 'https://a' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    const viaBasic = await post(
      t.app,
      '/v1/flows/available-flow',
      { anonymousId: 'x', url: 'https://nothing.example' },
      basic(t.writeKey),
    );
    expect(viaBasic.statusCode).toBe(200);
    expect(viaBasic.headers['access-control-allow-origin']).toBe('*');
  });
});
