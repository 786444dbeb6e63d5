import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { flows } from '@/server/db/schema';
import type { Realtime } from '@/server/realtime/notifier';
import { createBuilderRepository } from '@/server/modules/builder/builder.repository';
import { createBuilderService } from '@/server/modules/builder/builder.service';
import { createFlowsRepository } from '@/server/modules/flows/flows.repository';
import { aButton, aFlow, aFlowCondition, aStep, aUrlTrigger } from '../fixtures/flows';
import { ENGINE, setupTestAccount } from './helpers';

// A pick from the builder writes only its step's target (docs/builder.md, "Save"), and a tour
// whose target was re-picked counts its health afresh (docs/flows.md, "Target health").
let clock = Date.now();
const realtime: Realtime = {
  emitToUser() {},
  emitToRoom() {},
  mayHaveListeners: () => false,
  close: async () => {},
};
const t = setupTestAccount({ now: () => new Date(clock), notifier: realtime });
const { call } = t;
const ORIGIN = 'https://app.shop.example.com';
const PAGE = `${ORIGIN}/cart`;

const post = (url: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ writeKey: t.writeKey, ...body }),
  });

const tip = (id: string, selector: string, content = '<p>Tip</p>') => ({
  ...aStep({ id, content, buttons: [aButton({ id: `${id}-ok`, label: 'OK' })] }),
  type: 'tool_tip' as const,
  select_element: { url: PAGE, selector },
});

async function newTour(publish: boolean, path: string) {
  const res = await call('POST', '/v1/flows', {
    ...aFlow({ brand_id: t.brandId, name: 'Picked tour', publish }),
    condition: aFlowCondition(aUrlTrigger({ value: path })),
    display_type: 'every_time',
    steps: [tip('s1', '#old'), tip('s2', '#two')],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** A pick token for step s1 of the tour, through the real launch and exchange. */
async function pickToken(flowId: number) {
  const launched = await call('POST', `/v1/flows/${flowId}/builder-sessions`, {
    step_id: 's1',
    url: PAGE,
    mode: 'pick',
  });
  expect(launched.statusCode, launched.body).toBe(201);
  const code = /#signpost-builder=([A-Za-z0-9_-]+)$/.exec(launched.json().data.open_url)![1]!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/builder/exchange',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    payload: JSON.stringify({ code, write_key: t.writeKey }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

const putTarget = (token: string, select_element: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/v1/builder/steps/s1/target',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      origin: ORIGIN,
    },
    payload: JSON.stringify({ select_element }),
  });

describe(`builder pick writes one step (${ENGINE})`, () => {
  it('an editor save landing between the pick reading the tour and writing it keeps both changes', async () => {
    const flowId = await newTour(false, '/draft');
    const token = await pickToken(flowId);
    const asLoaded = (await call('GET', `/v1/flows/${flowId}`)).json().data;
    // The editor saves its own change (a new name, step 2's text) with its copy of the tour,
    // whose step 1 still has the old target, right after the pick has read the tour.
    const editorSave = () =>
      call('PUT', `/v1/flows/${flowId}`, {
        ...asLoaded,
        name: 'Renamed in the editor',
        steps: [asLoaded.steps[0], { ...asLoaded.steps[1], content: '<p>Edited</p>' }],
      });
    const repo = createFlowsRepository(t.app.ctx.database.db);
    let editorSaved = 0;
    const changed: number[] = [];
    const builder = createBuilderService({
      sessions: createBuilderRepository(t.app.ctx.database.db),
      flows: {
        ...repo,
        async find(ownerId, id) {
          const row = await repo.find(ownerId, id);
          if (editorSaved++ === 0) expect((await editorSave()).statusCode).toBe(200);
          return row;
        },
      },
      brands: undefined as never,
      realtime,
      writeKeys: { resolve: async () => null },
      plans: t.app.ctx.plans,
      onChanged: async (brandId) => void changed.push(brandId),
      now: () => new Date(clock),
    });
    const picked = { url: PAGE, selector: '[data-testid="buy"]' };
    const saved = await builder.saveTarget(
      { token, origin: ORIGIN, allow: () => undefined },
      's1',
      { select_element: picked },
    );
    expect(editorSaved).toBeGreaterThan(0);
    expect(saved).toMatchObject({ flow_id: flowId, step_id: 's1', select_element: picked });
    const tour = (await call('GET', `/v1/flows/${flowId}`)).json().data;
    expect(tour.name).toBe('Renamed in the editor');
    expect(tour.steps[1].content).toBe('<p>Edited</p>');
    expect(tour.steps[1].select_element).toEqual({ url: PAGE, selector: '#two' });
    expect(tour.steps[0].select_element).toEqual(picked);
    // A draft: the runtime's cache has nothing to read again.
    expect(changed).toEqual([]);
  });

  it("a pick on a published tour has the runtime's cache read the tour again", async () => {
    const flowId = await newTour(true, '/cached');
    const token = await pickToken(flowId);
    const changed: { brandId: number; steps?: unknown }[] = [];
    const builder = createBuilderService({
      sessions: createBuilderRepository(t.app.ctx.database.db),
      flows: createFlowsRepository(t.app.ctx.database.db),
      brands: undefined as never,
      realtime,
      writeKeys: { resolve: async () => null },
      plans: t.app.ctx.plans,
      onChanged: async (brandId, saved) =>
        void changed.push({ brandId, steps: saved?.definition.steps }),
      now: () => new Date(clock),
    });
    const picked = { url: PAGE, selector: '#cached-buy' };
    await builder.saveTarget({ token, origin: ORIGIN, allow: () => undefined }, 's1', {
      select_element: picked,
    });
    expect(changed).toEqual([
      {
        brandId: t.brandId,
        steps: [expect.objectContaining({ select_element: picked }), expect.anything()],
      },
    ]);
  });

  it('a published tour broken on its old target counts afresh once re-picked', async () => {
    const path = '/repick';
    const flowId = await newTour(true, path);
    const play = async (visitor: string, type: 'step_seen' | 'target_missing') => {
      const res = await post('/v1/flows/available-flow', {
        anonymousId: visitor,
        url: `${ORIGIN}${path}`,
      });
      const shown = res.json().data as { flow: { id: number }; session: { id: string } };
      expect(shown.flow.id).toBe(flowId);
      await post(`/v1/flows/${flowId}/track`, {
        session_id: shown.session.id,
        step_id: 's1',
        type,
      });
    };
    const health = async () => (await call('GET', `/v1/flows/${flowId}/report`)).json().data.health;
    for (let i = 0; i < 20; i++) await play(`v${i}`, 'target_missing');
    expect(await health()).toMatchObject({ status: 'broken' });

    clock += 60_000;
    const token = await pickToken(flowId);
    const res = await putTarget(token, { url: PAGE, selector: '#new-buy' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', `/v1/flows/${flowId}`)).json().data.status).toBe('published');
    expect(await health()).toMatchObject({
      status: 'unknown',
      steps: [{ step_id: 's1', selector: '#new-buy', views: 0, missing: 0 }, { views: 0 }],
    });
    clock += 60_000;
    for (let i = 0; i < 5; i++) await play(`w${i}`, 'step_seen');
    expect(await health()).toMatchObject({
      status: 'healthy',
      steps: [{ step_id: 's1', views: 5, missing: 0, insufficient_data: true }, {}],
    });
  });

  it('a pick judges only what it changes: a tour stored before a check tightened still takes one', async () => {
    const flowId = await newTour(true, '/old-font');
    // Saved when the font check was looser: the override's value fails today's theme contract.
    const oldFont = { font_family: 'Brand "Sans' };
    await t.app.ctx.database.db
      .update(flows)
      .set({
        definition: sql`${flows.definition} || jsonb_build_object('theme_override', ${JSON.stringify(oldFont)}::jsonb)`,
      })
      .where(eq(flows.id, flowId));
    const token = await pickToken(flowId);
    const res = await putTarget(token, { url: PAGE, selector: '#new-font-buy' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.app.ctx.database.db.select().from(flows).where(eq(flows.id, flowId));
    expect(row!.definition.steps[0]!.select_element).toEqual({
      url: PAGE,
      selector: '#new-font-buy',
    });
    expect(row!.definition.theme_override).toEqual(oldFont);

    // What the pick changes is still checked: a published tooltip needs its selector.
    const blank = await putTarget(token, { url: PAGE, selector: ' ' });
    expect(blank.statusCode, blank.body).toBe(400);
    expect(blank.json().code).toBe('flow_incomplete');
  });

  it("a pick that grows the tour stays within the plan's bytes, as the editor's Save", async () => {
    const flowId = await newTour(false, '/bytes');
    const other = await newTour(false, '/bytes-other');
    const db = t.app.ctx.database.db;
    const [row] = await db.select().from(flows).where(eq(flows.id, flowId));
    // The product's other tour takes all the Free plan's room but this tour's bytes.
    await db
      .update(flows)
      .set({ definitionBytes: 5_000_000 - row!.definitionBytes })
      .where(eq(flows.id, other));
    const token = await pickToken(flowId);
    const grows = await putTarget(token, { url: PAGE, selector: '#a-longer-selector-than-before' });
    expect(grows.statusCode, grows.body).toBe(403);
    expect(grows.json().code).toBe('plan_limit_reached');
    // Not growing is always allowed, so a product at its limit can still be fixed.
    const same = await putTarget(token, { url: PAGE, selector: '#new' });
    expect(same.statusCode, same.body).toBe(200);
    await db.delete(flows).where(eq(flows.id, other));
  });
});
