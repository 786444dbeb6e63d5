/**
 * What one tour decision costs on the server's thread for a visitor with a long history
 * (docs/flows.md, "What a decision costs"): the embedded DuckDB store holds 100,000
 * `Order Placed` events of 8 KB for one visitor and 10 for another; the event memory loads the
 * code as the runtime does, then the decision's event part (candidates in play, reads needed,
 * the memory's counter, the choice) runs for the two visitors in turn. Ten tours on the page read
 * the code: windows of 30 days to any time, frequencies that are never decided early (the
 * heavy visitor's totals never pass 50), so each walks as far as it may. Prints p50/p99 of both,
 * their ratio, the events looked at and properties parsed per decision, and the bytes held
 * against the bound; writes bench/results/decision-cost.json.
 * Goal: p99 of the heavy visitor's decision under 10 ms, memory within its bound.
 * BENCH_HEAVY_EVENTS and BENCH_DECISIONS shrink it (a smoke run: 2,000 and 50).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DuckDBInstance } from '@duckdb/node-api';
import { DUCKDB_FILE_NAME, openDuckDBStore } from '../server/analytics';
import type { FlowDefinition } from '../server/db/schema';
import { chooseFlow, type Candidate } from '../server/modules/flows/runtime/decide';
import {
  createEventMemory,
  EVENT_MEMORY_MAX_BYTES,
  EVENT_MEMORY_PRODUCT_SHARE,
  type EventMemory,
} from '../server/modules/flows/runtime/event-memory';
import { readsNeeded, stillPossible } from '../server/modules/flows/runtime/reads';
import { writeResult } from './lib/results';

const HEAVY_EVENTS = Number(process.env.BENCH_HEAVY_EVENTS ?? 100_000);
const DECISIONS = Number(process.env.BENCH_DECISIONS ?? 2_000);
const BRAND = 1;
const TOURS = 10;
const GOAL_MS = 10;
const NOTE_BYTES = 8 * 1024;

/** The heavy visitor's events (8 KB each) and the light one's 10, written by DuckDB itself. */
async function seed(dir: string) {
  const file = path.join(dir, DUCKDB_FILE_NAME);
  await (await openDuckDBStore(file)).close(); // creates the table and its indexes
  const db = await DuckDBInstance.create(file);
  const c = await db.connect();
  const rows = (who: string, n: number) => `INSERT INTO events
    SELECT ${BRAND}, '${who}-' || i, 'track', 'Order Placed', NULL, '${who}', '${who}',
      now()::TIMESTAMP - INTERVAL (i * 60) SECOND, now()::TIMESTAMP,
      '{"total":' || (i % 50) || ',"note":"' || repeat('x', ${NOTE_BYTES}) || '"}', '{}',
      NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM range(${n}) t(i)`;
  await c.run(rows('heavy', HEAVY_EVENTS));
  await c.run(rows('light', 10));
  c.closeSync();
  db.closeSync();
}

/** Ten tours on /orders, each with one event condition on `Order Placed` never decided early. */
function tours(): Candidate[] {
  return Array.from({ length: TOURS }, (_, i) => {
    const definition: FlowDefinition = {
      condition: {
        trigger_operator: 'AND',
        trigger_conditions: [
          {
            trigger_type: 'url',
            conditions: [{ type: 'includes', condition_type: 'exact', value: '/orders' }],
          },
          {
            trigger_type: 'event',
            conditions: [
              {
                event_id: 1,
                event_code: 'Order Placed',
                frequency: { condition_type: 'at_least', value: 2 + i },
                timeframe:
                  i % 2 === 0
                    ? { condition_type: 'anytime' }
                    : { condition_type: 'in_the_last', value: 30 * i, unit: 'days' },
                attribute_conditions: [{ attribute_key: 'total', condition_type: '>', value: 50 }],
                attribute_condition_operator: 'AND',
              },
            ],
          },
        ],
      },
      attribute_conditions: [],
      display_type: 'every_time',
      display_times: null,
      priority: i % 3,
      steps: [{ id: 's1', type: 'modal', content: '<p>Hi</p>', buttons: [], element_actions: [] }],
    };
    return { id: i + 1, publishedAt: new Date(Date.now() - i * 1000), definition };
  });
}

/** The event part of a decision, as runtime/visitor-decision.ts runs it (no session, no profile). */
function decide(memory: EventMemory, candidates: Candidate[], visitor: string) {
  const at = Date.now();
  const possible = stillPossible(candidates, 'https://shop.example.com/orders', () => 0);
  const needs = readsNeeded(possible, at);
  const counter = memory.counter(BRAND, { userId: null, anonymousId: visitor }, needs.eventKeys);
  if (!counter) throw new Error('the event memory is not ready');
  return chooseFlow(
    possible,
    'https://shop.example.com/orders',
    { profile: {}, eventCount: (_id, c) => counter(c, at), sessionsOf: () => 0 },
    at,
  );
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'signpost-bench-decision-'));
  let t = performance.now();
  await seed(dir);
  console.log(
    `seeded ${HEAVY_EVENTS} events of ${NOTE_BYTES / 1024} KB for one visitor in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  const store = await openDuckDBStore(path.join(dir, DUCKDB_FILE_NAME));
  const memory = createEventMemory({ store, log: { warn: console.warn, info: () => undefined } });
  const candidates = tours();
  const codes = readsNeeded(candidates, Date.now()).eventKeys;
  t = performance.now();
  while (!memory.counter(BRAND, { userId: null, anonymousId: 'light' }, codes))
    await new Promise((r) => setTimeout(r, 20));
  console.log(`event memory loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  // Warm-up, then both visitors in turn so a noisy stretch of the machine falls on both.
  for (let i = 0; i < 50; i++) for (const v of ['heavy', 'light']) decide(memory, candidates, v);
  const times: Record<'heavy' | 'light', number[]> = { heavy: [], light: [] };
  const cost: Record<'heavy' | 'light', { visited: number; parsedBytes: number }> = {
    heavy: { visited: 0, parsedBytes: 0 },
    light: { visited: 0, parsedBytes: 0 },
  };
  for (let i = 0; i < DECISIONS; i++)
    for (const v of ['heavy', 'light'] as const) {
      const before = memory.cost();
      const start = performance.now();
      if (decide(memory, candidates, v) !== null) throw new Error('no tour should show');
      times[v].push(performance.now() - start);
      const after = memory.cost();
      cost[v].visited = Math.max(cost[v].visited, after.visited - before.visited);
      cost[v].parsedBytes = Math.max(cost[v].parsedBytes, after.parsedBytes - before.parsedBytes);
    }
  const summary = (v: 'heavy' | 'light') => {
    const sorted = [...times[v]].sort((a, b) => a - b);
    return { p50_ms: percentile(sorted, 0.5), p99_ms: percentile(sorted, 0.99), ...cost[v] };
  };
  const heavy = summary('heavy');
  const light = summary('light');
  const bytes = memory.bytes();
  const ratio = heavy.p99_ms / Math.max(light.p99_ms, 0.001);
  const met = heavy.p99_ms < GOAL_MS && bytes <= EVENT_MEMORY_MAX_BYTES;
  const line = (name: string, r: typeof heavy) =>
    `${name.padEnd(30)} p50 ${r.p50_ms.toFixed(3)} ms p99 ${r.p99_ms.toFixed(3)} ms; per decision ≤ ${r.visited} events looked at, ${(r.parsedBytes / 1024).toFixed(1)} KB parsed`;
  console.log(line(`visitor with ${HEAVY_EVENTS} events`, heavy));
  console.log(line('visitor with 10 events', light));
  console.log(
    `event memory holds ${(bytes / 1024 / 1024).toFixed(2)} MB (bound ${EVENT_MEMORY_MAX_BYTES / 1024 / 1024} MB, ${EVENT_MEMORY_PRODUCT_SHARE / 1024 / 1024} MB per product)`,
  );
  console.log(
    `p99 ratio ${ratio.toFixed(2)}× the light visitor's over ${DECISIONS} decisions each; goal p99 < ${GOAL_MS} ms within the byte bound: ${met ? 'met' : 'NOT met'}`,
  );
  writeResult('decision-cost', {
    bench: 'decision-cost',
    heavy_events: HEAVY_EVENTS,
    note_bytes: NOTE_BYTES,
    tours: TOURS,
    decisions: DECISIONS,
    heavy,
    light,
    p99_ratio: ratio,
    memory_bytes: bytes,
    memory_bound_bytes: EVENT_MEMORY_MAX_BYTES,
    goal_met: met,
  });
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
