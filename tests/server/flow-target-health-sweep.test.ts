import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENGINE, setupTestAccount } from './helpers';
import { aButton, aFlow, aFlowCondition, aStep, aUrlTrigger } from '../fixtures/flows';
import { flows } from '@/server/db/schema';
import type { MailMessage } from '@/server/mail/types';
import {
  createTargetHealthService,
  TARGET_HEALTH_SWEEP_MS,
} from '@/server/modules/flows/target-health.service';
import { TARGET_HEALTH_WINDOW_MS } from '@/lib/flows/target-health';

/**
 * The target health sweep (docs/flows.md, "Target health"): it mails a broken tour nobody opens,
 * and never runs twice at once, in one process or across nodes.
 */

let clock = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 12 * 3_600_000;
const now = () => new Date(clock);
const t = setupTestAccount({ now });
const { call } = t;

const post = (url: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ writeKey: t.writeKey, ...body }),
  });

async function healthMails() {
  await t.app.ctx.mail.drain();
  return (await t.app.ctx.outbox.latest()).filter(
    (m) => m.to === t.email && m.subject.includes('cannot find its target'),
  );
}

/** A published tour alone on its own page, whose target `misses` visitors did not find. */
async function tourMissedBy(name: string, misses: number) {
  const slug = name.toLowerCase().replace(/\W+/g, '-');
  const page = `https://shop.example.com/${slug}`;
  const created = await call('POST', '/v1/flows', {
    ...aFlow({ brand_id: t.brandId, name, publish: true }),
    condition: aFlowCondition(aUrlTrigger({ value: `/${slug}` })),
    display_type: 'every_time',
    steps: [
      {
        ...aStep({
          id: 'tip',
          content: '<p>Buy</p>',
          buttons: [aButton({ id: 'ok', label: 'OK' })],
        }),
        type: 'tool_tip',
        select_element: { url: page, selector: `#${slug}` },
      },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  const flowId = (created.json().data as { id: number }).id;
  const miss = async (visitor: string) => {
    const res = await post('/v1/flows/available-flow', { anonymousId: visitor, url: page });
    const shown = res.json().data as { flow: { id: number }; session: { id: string } };
    expect(shown.flow.id).toBe(flowId);
    await post(`/v1/flows/${flowId}/track`, {
      session_id: shown.session.id,
      step_id: 'tip',
      type: 'target_missing',
    });
  };
  for (let i = 0; i < misses; i++) await miss(`${slug}-${i}`);
  return { flowId, miss };
}

/** Published tours a sweep has to compute now: not mailed in the last day. */
async function dueTours() {
  const dayAgo = new Date(clock - TARGET_HEALTH_WINDOW_MS);
  const [row] = await t.app.ctx.database.db
    .select({ n: count() })
    .from(flows)
    .where(
      and(
        eq(flows.published, true),
        or(isNull(flows.targetHealthMailedAt), lt(flows.targetHealthMailedAt, dayAgo)),
      ),
    );
  return Number(row!.n);
}

describe(`target health sweep (${ENGINE})`, () => {
  it('mails a broken tour nobody opened, once', async () => {
    const before = (await healthMails()).length;
    const { flowId, miss } = await tourMissedBy('Unwatched tip', 19);
    // 19 views, all missing: too few to judge, so no e-mail (anyone with the public write key
    // can make a few sessions).
    expect(await t.app.ctx.targetHealth.sweep(1)).toBeGreaterThan(0);
    expect(await healthMails()).toHaveLength(before);
    const thin = await call('GET', `/v1/flows/${flowId}/report`);
    expect(thin.json().data.health).toMatchObject({
      status: 'healthy',
      steps: [{ views: 19, missing: 19, insufficient_data: true }],
    });
    expect(await healthMails()).toHaveLength(before);

    await miss('last');
    // The tours swept a moment ago are not claimed again until half a period has passed.
    expect(await t.app.ctx.targetHealth.sweep(1)).toBe(0);
    clock += TARGET_HEALTH_SWEEP_MS;
    expect(await t.app.ctx.targetHealth.sweep(1)).toBeGreaterThan(0);
    const mails = await healthMails();
    expect(mails).toHaveLength(before + 1);
    expect(mails.some((m) => m.subject.includes('Unwatched tip'))).toBe(true);
    clock += TARGET_HEALTH_SWEEP_MS;
    await t.app.ctx.targetHealth.sweep(1);
    expect(await healthMails()).toHaveLength(before + 1);
  });

  it('two sweeps of one process at once run as one', async () => {
    const before = (await healthMails()).length;
    await tourMissedBy('Twice tip', 20);
    clock += TARGET_HEALTH_SWEEP_MS;
    const due = await dueTours();
    expect(due).toBeGreaterThan(0);
    const { targetHealth } = t.app.ctx;
    // The second call joins the first: both answer every due tour, computed once.
    expect(await Promise.all([targetHealth.sweep(1), targetHealth.sweep(1)])).toEqual([due, due]);
    const mails = await healthMails();
    expect(mails).toHaveLength(before + 1);
    expect(mails.filter((m) => m.subject.includes('Twice tip'))).toHaveLength(1);
  });

  it('the sweeps of two nodes at once compute each tour once and mail once', async () => {
    await tourMissedBy('Two nodes tip', 20);
    clock += TARGET_HEALTH_SWEEP_MS;
    const due = await dueTours();
    expect(due).toBeGreaterThan(0);
    const delivered: MailMessage[] = [];
    const node = () =>
      createTargetHealthService({
        db: t.app.ctx.database.db,
        mail: { deliver: (m) => void delivered.push(m) },
        now,
      });
    const [a, b] = await Promise.all([node().sweep(1), node().sweep(1)]);
    expect(a + b).toBe(due);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.subject).toContain('Two nodes tip');
  });
});
