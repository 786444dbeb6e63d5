import { describe, expect, it } from 'vitest';
import { ENGINE, setupTestAccount } from './helpers';
import { aButton, aFlow, aFlowCondition, aStep, aUrlTrigger } from '../fixtures/flows';

/** Target health of a published tour: report, tours list and the owner's e-mail (docs/flows.md). */

const post = (url: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ writeKey: t.writeKey, ...body }),
  });

let clock = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 12 * 3_600_000;
const t = setupTestAccount({ now: () => new Date(clock) });
const { call } = t;

const PAGE = 'https://shop.example.com/cart';

async function healthMails() {
  await t.app.ctx.mail.drain();
  return (await t.app.ctx.outbox.latest()).filter(
    (m) => m.to === t.email && m.subject.includes('cannot find its target'),
  );
}

describe(`target health (${ENGINE})`, () => {
  it('a target removed after publish turns the tour broken and mails the owner once a day', async () => {
    const created = await call('POST', '/v1/flows', {
      ...aFlow({ brand_id: t.brandId, name: 'Buy tip', publish: true }),
      condition: aFlowCondition(aUrlTrigger({ value: '/cart' })),
      display_type: 'every_time',
      steps: [
        {
          ...aStep({
            id: 'tip',
            content: '<p>Buy</p>',
            buttons: [aButton({ id: 'ok', label: 'OK' })],
          }),
          type: 'tool_tip',
          select_element: { url: PAGE, selector: '#buy' },
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const flowId = (created.json().data as { id: number }).id;

    const before = await call('GET', `/v1/flows?brand_id=${t.brandId}`);
    expect(before.json().data.data[0]).toMatchObject({ id: flowId, target_health: 'unknown' });

    // Fifteen visitors found the button; then the site shipped without it: six sessions miss it.
    const play = async (visitor: string, type: 'step_seen' | 'target_missing') => {
      const res = await post('/v1/flows/available-flow', { anonymousId: visitor, url: PAGE });
      expect(res.statusCode, res.body).toBe(200);
      const session = (res.json().data as { session: { id: string } }).session.id;
      const tracked = await post(`/v1/flows/${flowId}/track`, {
        session_id: session,
        step_id: 'tip',
        type,
      });
      expect(tracked.statusCode, tracked.body).toBe(200);
    };
    for (let i = 0; i < 15; i++) await play(`found${i}`, 'step_seen');
    const foundAt = new Date(clock).toISOString();
    clock += 60_000;
    for (let i = 0; i < 4; i++) await play(`m${i}`, 'target_missing');

    // 4 of 19 views missing (21 %) would be degraded, but 19 views are too few to judge.
    const early = await call('GET', `/v1/flows/${flowId}/report`);
    expect(early.json().data.health.steps[0]).toMatchObject({
      status: 'healthy',
      views: 19,
      missing: 4,
      insufficient_data: true,
    });
    for (const v of ['m4', 'm5']) await play(v, 'target_missing');

    expect(await healthMails()).toHaveLength(0);
    const report = await call('GET', `/v1/flows/${flowId}/report?date_preset=past_7_day`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.health).toEqual({
      status: 'broken',
      steps: [
        {
          step_id: 'tip',
          status: 'broken',
          selector: '#buy',
          views: 21,
          missing: 6,
          insufficient_data: false,
          last_found_at: foundAt,
          pages: [PAGE],
        },
      ],
      pause_when_broken: false,
    });
    const mails = await healthMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      '#buy on https://shop.example.com/cart: missing in 6 of 21 views',
    );

    // Computed again the same day (list and report): no second e-mail.
    const list = await call('GET', `/v1/flows?brand_id=${t.brandId}`);
    expect(list.json().data.data[0]).toMatchObject({ id: flowId, target_health: 'broken' });
    clock += 3_600_000;
    await call('GET', `/v1/flows/${flowId}/report`);
    expect(await healthMails()).toHaveLength(1);
  });

  it('"pause automatically when broken" unpublishes the tour, ends its sessions and says so', async () => {
    const created = await call('POST', '/v1/flows', {
      ...aFlow({ brand_id: t.brandId, name: 'Pausing tip', publish: true }),
      condition: aFlowCondition(aUrlTrigger({ value: '/cart' })),
      display_type: 'every_time',
      priority: 1000,
      steps: [
        {
          ...aStep({
            id: 'tip3',
            content: '<p>Buy</p>',
            buttons: [aButton({ id: 'ok3', label: 'OK' })],
          }),
          type: 'tool_tip',
          select_element: { url: PAGE, selector: '#vanished' },
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const flowId = (created.json().data as { id: number }).id;
    const set = await call('PUT', `/v1/flows/${flowId}/target-health`, { pause_when_broken: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ pause_when_broken: true });
    expect(
      (await call('PUT', '/v1/flows/999999/target-health', { pause_when_broken: true })).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `/v1/flows/${flowId}/target-health`, { pause_when_broken: 'yes' }))
        .statusCode,
    ).toBe(400);

    const miss = async (v: string) => {
      const missing = await post('/v1/flows/available-flow', { anonymousId: v, url: PAGE });
      const first = missing.json().data as { flow: { id: number }; session: { id: string } };
      expect(first.flow.id).toBe(flowId);
      await post(`/v1/flows/${flowId}/track`, {
        session_id: first.session.id,
        step_id: 'tip3',
        type: 'target_missing',
      });
    };
    for (let i = 0; i < 19; i++) await miss(`p${i}`);
    // 19 views: too few to judge, the tour stays published.
    const thin = await call('GET', `/v1/flows/${flowId}/report`);
    expect(thin.json().data.health).toMatchObject({ status: 'healthy', pause_when_broken: true });
    expect((await call('GET', `/v1/flows/${flowId}`)).json().data.status).toBe('published');
    await miss('p19');
    // Another visitor is in the middle of it when it pauses.
    const open = await post('/v1/flows/available-flow', { anonymousId: 'p-open', url: PAGE });
    const second = open.json().data as { flow: { id: number }; session: { id: string } };
    expect(second.flow.id).toBe(flowId);

    const report = await call('GET', `/v1/flows/${flowId}/report`);
    expect(report.json().data.health).toMatchObject({ status: 'broken', pause_when_broken: true });
    const tour = await call('GET', `/v1/flows/${flowId}`);
    expect(tour.json().data.status).toBe('unpublished');
    const ended = await post(`/v1/flows/${flowId}/track`, {
      session_id: second.session.id,
      step_id: 'tip3',
      type: 'step_seen',
    });
    expect(ended.json().data).toMatchObject({ state: 'ended' });
    const again = await post('/v1/flows/available-flow', { anonymousId: 'p-again', url: PAGE });
    expect((again.json().data as { flow?: { id: number } } | null)?.flow?.id).not.toBe(flowId);
    const mail = (await healthMails()).find((m) => m.subject.includes('Pausing tip'));
    expect(mail?.text).toContain('The tour was unpublished, as you asked');

    // Published again once fixed: the sessions before count no more, so it is not paused again.
    const tourNow = tour.json().data as Record<string, unknown>;
    clock += 60_000;
    const republished = await call('PUT', `/v1/flows/${flowId}`, {
      ...aFlow({ brand_id: t.brandId, name: 'Pausing tip', publish: true }),
      condition: tourNow.condition,
      display_type: 'every_time',
      priority: 1000,
      steps: tourNow.steps,
    });
    expect(republished.statusCode, republished.body).toBe(200);
    const fresh = await call('GET', `/v1/flows/${flowId}/report`);
    expect(fresh.json().data.health).toMatchObject({ status: 'unknown' });
    expect((await call('GET', `/v1/flows/${flowId}`)).json().data.status).toBe('published');
  });

  it("a fixed target starts afresh: only sessions since the step's target changed count", async () => {
    const FIXED_PAGE = 'https://shop.example.com/fixed';
    const step = (selector: string, content = '<p>Buy</p>') => ({
      ...aStep({ id: 'tip4', content, buttons: [aButton({ id: 'ok4', label: 'OK' })] }),
      type: 'tool_tip' as const,
      select_element: { url: FIXED_PAGE, selector },
    });
    const body = (selector: string, content?: string) => ({
      ...aFlow({ brand_id: t.brandId, name: 'Fixed tip', publish: true }),
      condition: aFlowCondition(aUrlTrigger({ value: '/fixed' })),
      display_type: 'every_time',
      steps: [step(selector, content)],
    });
    const created = await call('POST', '/v1/flows', body('#old-buy'));
    expect(created.statusCode, created.body).toBe(201);
    const flowId = (created.json().data as { id: number }).id;
    const play = async (v: string, type: 'step_seen' | 'target_missing') => {
      const res = await post('/v1/flows/available-flow', { anonymousId: v, url: FIXED_PAGE });
      const shown = res.json().data as { flow: { id: number }; session: { id: string } };
      expect(shown.flow.id).toBe(flowId);
      await post(`/v1/flows/${flowId}/track`, {
        session_id: shown.session.id,
        step_id: 'tip4',
        type,
      });
    };
    const health = async () =>
      (await call('GET', `/v1/flows/${flowId}/report`)).json().data.health as {
        status: string;
        steps: { views: number; missing: number; insufficient_data?: boolean }[];
      };
    for (let i = 0; i < 20; i++) await play(`f${i}`, 'target_missing');
    expect((await health()).status).toBe('broken');

    // Saving another field keeps the counts: the target did not change.
    expect(
      (await call('PUT', `/v1/flows/${flowId}`, body('#old-buy', '<p>Buy now</p>'))).statusCode,
    ).toBe(200);
    expect(await health()).toMatchObject({ status: 'broken', steps: [{ views: 20, missing: 20 }] });

    // The selector is fixed a minute later (the tour stays published): saves stamp the change
    // with the service's clock, so the old misses no longer count and the sessions a minute after
    // it do.
    clock += 60_000;
    const fixed = await call('PUT', `/v1/flows/${flowId}`, body('#buy-now', '<p>Buy now</p>'));
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.status).toBe('published');
    expect(await health()).toMatchObject({ status: 'unknown', steps: [{ views: 0, missing: 0 }] });
    clock += 60_000;
    for (let i = 0; i < 3; i++) await play(`g${i}`, 'step_seen');
    await play('g3', 'target_missing');
    expect(await health()).toMatchObject({
      status: 'healthy',
      steps: [{ views: 4, missing: 1, insufficient_data: true }],
    });
  });

  it('drafts carry no health', async () => {
    const created = await call('POST', '/v1/flows', {
      ...aFlow({ brand_id: t.brandId, name: 'Draft', publish: false }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json().data as { id: number }).id;
    const list = await call('GET', `/v1/flows?brand_id=${t.brandId}&status=unpublished`);
    const item = (list.json().data.data as { id: number }[]).find((f) => f.id === id);
    expect(item).toBeDefined();
    expect(item).not.toHaveProperty('target_health');
    const report = await call('GET', `/v1/flows/${id}/report`);
    expect(report.json().data).not.toHaveProperty('health');
  });
});
