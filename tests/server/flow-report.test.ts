import { describe, expect, it, vi } from 'vitest';
import { bucketStart, reportRange } from '@/server/modules/flows/flow-report.service';
import { ENGINE, setupTestAccount } from './helpers';
import { aButton, aFlow, aFlowCondition, aStep, aUrlTrigger } from '../fixtures/flows';

/** GET /v1/flows/{id}/report over sessions played through the runtime (docs/flows.md). */

const post = (url: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ writeKey: t.writeKey, ...body }),
  });

/** Noon today (UTC), moved past the rest between one visitor's two sessions. */
let clock = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 12 * 3_600_000;

const t = setupTestAccount({ now: () => new Date(clock) });
const { call } = t;

describe(`flow report (${ENGINE})`, () => {
  it('counts views, completions, dismissals and the step funnel', async () => {
    const created = await call('POST', '/v1/flows', {
      ...aFlow({ brand_id: t.brandId, name: 'Report me', publish: true }),
      condition: aFlowCondition(aUrlTrigger({ value: '/r' })),
      display_type: 'every_time',
      steps: [
        aStep({ id: 'a', content: '<p>a</p>', buttons: [aButton({ id: 'a-b', label: 'OK' })] }),
        aStep({ id: 'b', content: '<p>b</p>', buttons: [aButton({ id: 'b-b', label: 'OK' })] }),
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const flowId = (created.json().data as { id: number }).id;

    // Visitor 1 completes twice (two sessions); visitor 2 dismisses at step a; visitor 3 leaves.
    const play = async (visitor: string, seen: string[], outcome?: 'completed' | 'dismissed') => {
      const res = await post('/v1/flows/available-flow', {
        anonymousId: visitor,
        url: 'https://shop.example.com/r',
      });
      const session = (res.json().data as { session: { id: string } }).session.id;
      for (const s of seen)
        await post(`/v1/flows/${flowId}/track`, {
          session_id: session,
          step_id: s,
          type: 'step_seen',
        });
      if (outcome) await post(`/v1/flows/${flowId}/done`, { session_id: session, outcome });
    };
    await play('v1', ['a', 'b'], 'completed');
    clock += 31 * 60_000; // the tour rests for a while after it ends
    await play('v1', ['a', 'b'], 'completed');
    await play('v2', ['a'], 'dismissed');
    await play('v3', ['a']);

    const expected = {
      totals: {
        views: 4,
        unique_viewers: 3,
        completions: 2,
        unique_completions: 1,
        completion_rate: 0.5,
        dismissals: 1,
        target_missing: 0,
      },
      steps: [
        { step_id: 'a', index: 0, type: 'modal', views: 4, unique_viewers: 3, drop_off: 0 },
        { step_id: 'b', index: 1, type: 'modal', views: 2, unique_viewers: 1, drop_off: 1 - 1 / 3 },
      ],
    };
    let report: Record<string, unknown> = {};
    await vi.waitFor(
      async () => {
        const res = await call('GET', `/v1/flows/${flowId}/report?date_preset=past_7_day`);
        expect(res.statusCode, res.body).toBe(200);
        report = res.json().data as Record<string, unknown>;
        expect(report).toMatchObject(expected);
      },
      { timeout: 5_000, interval: 100 },
    );
    const series = report.series as { bucket: string; views: number }[];
    expect(series).toHaveLength(7);
    expect(series.at(-1)).toMatchObject({
      bucket: new Date().toISOString().slice(0, 10),
      views: 4,
      completions: 2,
      dismissals: 1,
    });

    const bad = await call(
      'GET',
      `/v1/flows/${flowId}/report?date_preset=custom_range&from=2024-03-10&to=2024-03-01`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('From date must not be after to date.');
    const notADay = await call(
      'GET',
      `/v1/flows/${flowId}/report?date_preset=custom_range&from=2026-02-31&to=2026-03-02`,
    );
    expect(notADay.statusCode).toBe(400);
    expect(notADay.json().message).toBe('From date must be a valid date (YYYY-MM-DD).');
    const tooLong = await call(
      'GET',
      `/v1/flows/${flowId}/report?date_preset=custom_range&from=2020-01-01&to=2026-01-01&granularity=day`,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/more than 1000 points/);
    const missing = await call('GET', `/v1/flows/${flowId}/report?date_preset=custom_range`);
    expect(missing.statusCode).toBe(400);
    const empty = await call(
      'GET',
      `/v1/flows/${flowId}/report?date_preset=custom_range&from=2024-03-01&to=2024-03-31&granularity=week`,
    );
    expect(empty.json().data.totals.views).toBe(0);
    expect(empty.json().data.series.map((p: { bucket: string }) => p.bucket)).toEqual([
      '2024-02-26',
      '2024-03-04',
      '2024-03-11',
      '2024-03-18',
      '2024-03-25',
    ]);
    expect((await call('GET', '/v1/flows/999999/report')).statusCode).toBe(404);
  });

  it('ranges are whole UTC days ending today; weeks start on Monday', () => {
    const now = Date.parse('2024-03-13T15:00:00Z'); // a Wednesday
    const created = new Date('2024-01-31T08:00:00Z');
    expect(reportRange({ date_preset: 'past_7_day' }, now, created)).toEqual({
      from: Date.parse('2024-03-07T00:00:00Z'),
      to: Date.parse('2024-03-14T00:00:00Z'),
      bounded: true,
    });
    expect(reportRange({ date_preset: 'past_30_day' }, now, created).from).toBe(
      Date.parse('2024-02-13T00:00:00Z'),
    );
    expect(
      reportRange(
        { date_preset: 'custom_range', from: '2024-03-01', to: '2024-03-01' },
        now,
        created,
      ),
    ).toEqual({
      from: Date.parse('2024-03-01T00:00:00Z'),
      to: Date.parse('2024-03-02T00:00:00Z'),
      bounded: true,
    });
    expect(reportRange({ date_preset: 'all_times' }, now, created)).toMatchObject({
      from: Date.parse('2024-01-31T00:00:00Z'),
      bounded: false,
    });
    expect(new Date(bucketStart(now, 'week')).toISOString()).toBe('2024-03-11T00:00:00.000Z');
    expect(new Date(bucketStart(Date.parse('2024-03-10T23:59:59Z'), 'week')).toISOString()).toBe(
      '2024-03-04T00:00:00.000Z',
    );
    expect(new Date(bucketStart(now, 'month')).toISOString()).toBe('2024-03-01T00:00:00.000Z');
  });
});
