import { describe, expect, it } from 'vitest';
import type { FlowDefinition } from '../../../db/schema';
import { createPublishedFlows } from './published-flows';

const log = { warn: () => undefined } as never;

function definition(content: string): FlowDefinition {
  return {
    condition: { trigger_conditions: [], trigger_operator: 'AND' },
    attribute_conditions: [],
    display_type: 'once',
    display_times: null,
    priority: 0,
    steps: [{ id: 's1', type: 'modal', content, buttons: [], element_actions: [] }],
  } as unknown as FlowDefinition;
}

/** A product's published tours as the database would list them; `reads` counts the queries. */
function source() {
  const rows = new Map<number, { name: string; content: string; updatedAt: Date }>();
  const s = {
    reads: 0,
    /** Resolves the next read only when released (to look at what requests get meanwhile). */
    gate: null as null | Promise<void>,
    rows,
    flows: {
      listPublished: async () => {
        s.reads++;
        if (s.gate) await s.gate;
        return [...rows].map(([id, r]) => ({
          id,
          name: r.name,
          definition: definition(r.content),
          publishedAt: r.updatedAt,
          updatedAt: r.updatedAt,
        }));
      },
    },
  };
  return s;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('published tours cache', () => {
  it('reads a product once, sanitises the steps, and forgets it when a tour changes', async () => {
    const src = source();
    src.rows.set(1, { name: 'A', content: '<p onclick="x()">Hi</p>', updatedAt: new Date(1) });
    const cache = createPublishedFlows({ flows: src.flows, log, ttlMs: 60_000 });
    const first = await cache.get(7);
    expect(first.get(1)?.steps[0]?.content).toBe('<p>Hi</p>');
    await cache.get(7);
    expect(src.reads).toBe(1);

    src.rows.set(2, { name: 'B', content: '<p>B</p>', updatedAt: new Date(2) });
    await cache.changed(7);
    expect([...(await cache.get(7)).keys()]).toEqual([1, 2]);
    expect(src.reads).toBe(2);
  });

  it('past its expiry answers with the copy in hand while it reads again; unchanged tours are reused', async () => {
    const src = source();
    src.rows.set(1, { name: 'A', content: '<p>A</p>', updatedAt: new Date(1) });
    src.rows.set(2, { name: 'B', content: '<p>B</p>', updatedAt: new Date(1) });
    const cache = createPublishedFlows({ flows: src.flows, log, ttlMs: 10 });
    const before = await cache.get(7);
    await pause(20);

    src.rows.set(2, { name: 'B2', content: '<p>B2</p>', updatedAt: new Date(5) });
    let release!: () => void;
    src.gate = new Promise((r) => (release = r));
    // The read is held back: the request still gets an answer, the old list.
    expect(await cache.get(7)).toBe(before);
    expect(src.reads).toBe(2);
    release();
    src.gate = null;
    await pause(0);

    const after = await cache.get(7);
    expect(after.get(2)?.name).toBe('B2');
    // Tour 1 did not change: the same object, not sanitised again.
    expect(after.get(1)).toBe(before.get(1));
  });

  it('does not keep a failed read', async () => {
    const src = source();
    let fail = true;
    const flows = {
      listPublished: async () => {
        if (fail) throw new Error('database down');
        return src.flows.listPublished();
      },
    };
    const cache = createPublishedFlows({ flows, log, ttlMs: 60_000 });
    await expect(cache.get(7)).rejects.toThrow('database down');
    fail = false;
    expect((await cache.get(7)).size).toBe(0);
  });
});
