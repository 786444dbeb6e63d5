import type { ClickHouseClient } from '@clickhouse/client';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { clickHouseClientExecutor, CLICKHOUSE_READ_LIMITS } from './clickhouse-client.executor';
import { openClickHouseStore } from './clickhouse.store';
import { analyticsCaller, AnalyticsScheduler, scheduledStore } from './scheduler';

/** A `@clickhouse/client` stand-in (the edge we do not own) that records each query it is sent. */
function fakeClient(name: string, sent: { client: string; settings: unknown; signal: unknown }[]) {
  return {
    query: async (q: { clickhouse_settings?: unknown; abort_signal?: unknown }) => {
      sent.push({ client: name, settings: q.clickhouse_settings, signal: q.abort_signal });
      return { json: async () => [{ n: 0 }] };
    },
    command: async () => undefined,
    insert: async () => undefined,
    close: async () => undefined,
  } as unknown as ClickHouseClient;
}

describe('ClickHouse reads (docs/reports.md, "Sharing the analytics engine")', () => {
  it("sends an account's report reads to the reports' client and the tour runtime's to its own, each with memory and row limits", async () => {
    const sent: { client: string; settings: unknown; signal: unknown }[] = [];
    const executor = clickHouseClientExecutor(fakeClient('reports', sent), {
      runtime: fakeClient('runtime', sent),
    });
    const store = openClickHouseStore(executor);
    const reads = scheduledStore(await store, new AnalyticsScheduler());
    const shape = { kind: 'eventCount', brandId: 1, from: new Date(0), to: new Date(1) } as const;
    sent.length = 0;
    // A visitor's page (no account): the runtime's client.
    await reads.query(shape);
    // A signed-in account's report: the reports' client, with its request's signal.
    const request = new AbortController();
    await analyticsCaller.run({ account: 'A', signal: request.signal }, () => reads.query(shape));
    expect(sent.map((s) => s.client)).toEqual(['runtime', 'reports']);
    expect(sent[1]!.signal).toBe(request.signal);
    for (const s of sent)
      expect(s.settings).toMatchObject({
        max_memory_usage: String(CLICKHOUSE_READ_LIMITS.maxMemoryUsage),
        max_result_rows: String(CLICKHOUSE_READ_LIMITS.maxResultRows),
        result_overflow_mode: 'throw',
      });
  });

  it('answers a read stopped at its memory or row limit as a 400 with a message', async () => {
    const tooBig = {
      query: async () => {
        throw Object.assign(new Error('Memory limit (for query) exceeded'), { code: '241' });
      },
      command: async () => undefined,
      close: async () => undefined,
    } as unknown as ClickHouseClient;
    const store = await openClickHouseStore(clickHouseClientExecutor(tooBig));
    const reads = scheduledStore(store, new AnalyticsScheduler());
    const shape = { kind: 'eventCount', brandId: 1, from: new Date(0), to: new Date(1) } as const;
    const err = await analyticsCaller
      .run({ account: 'A' }, () => reads.query(shape))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 400, code: 'report_too_large' });
  });
});
