import { describe, expect, it } from 'vitest';
import { createPublishedFlows } from './published-flows';
import { aFlow, aFlowCondition, aStep } from '../../../../tests/fixtures/flows';

const log = { warn: () => undefined } as never;

/** A product's published tours as the database would list them; `reads` counts the list reads. */
function source() {
  const rows = new Map<number, { name: string; content: string; updatedAt: Date }>();
  const s = {
    reads: 0,
    /** Definitions read (one tour each). */
    definitions: 0,
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
          publishedAt: r.updatedAt,
          updatedAt: r.updatedAt,
        }));
      },
      publishedDefinition: async (_brandId: number, id: number) => {
        s.definitions++;
        const r = rows.get(id);
        if (!r) return undefined;
        return {
          id,
          name: r.name,
          definition: aFlow({
            condition: aFlowCondition(),
            steps: [aStep({ content: r.content })],
          }),
          publishedAt: r.updatedAt,
          updatedAt: r.updatedAt,
        };
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
      ...src.flows,
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

  it('saving one of 100 tours re-sanitises exactly that one on the next ask (issue 29, point 4)', async () => {
    const src = source();
    for (let i = 1; i <= 100; i++)
      src.rows.set(i, { name: `T${i}`, content: `<p>${i}</p>`, updatedAt: new Date(1) });
    let calls = 0;
    const sanitize = (html: string) => {
      calls++;
      return html;
    };
    const cache = createPublishedFlows({ flows: src.flows, log, ttlMs: 60_000, sanitize });
    expect((await cache.get(7)).size).toBe(100);
    expect([calls, src.definitions]).toEqual([100, 100]);

    // Another node saved tour 42 (its message, or the backstop expiry, reaches this node).
    src.rows.set(42, { name: 'T42', content: '<p>new</p>', updatedAt: new Date(2) });
    calls = 0;
    src.definitions = 0;
    await cache.changed(7);
    const after = await cache.get(7);
    expect([calls, src.definitions]).toEqual([1, 1]);
    expect(after.get(42)?.steps[0]?.content).toBe('<p>new</p>');

    // The same again after the backstop expiry or a reload: nothing changed, nothing sanitised.
    calls = 0;
    await cache.reload(7);
    expect(calls).toBe(0);

    // Unpublished: gone at once, nothing sanitised.
    src.rows.delete(42);
    await cache.changed(7);
    expect((await cache.get(7)).has(42)).toBe(false);
    expect(calls).toBe(0);
  });

  it('takes a tour this node saved as it was cleaned at save: the next ask sanitises nothing', async () => {
    const src = source();
    for (let i = 1; i <= 100; i++)
      src.rows.set(i, { name: `T${i}`, content: `<p>${i}</p>`, updatedAt: new Date(1) });
    let calls = 0;
    const sanitize = (html: string) => {
      calls++;
      return html;
    };
    const cache = createPublishedFlows({ flows: src.flows, log, ttlMs: 60_000, sanitize });
    await cache.get(7);
    calls = 0;
    src.definitions = 0;

    const updatedAt = new Date(3);
    src.rows.set(5, { name: 'T5b', content: '<p>saved</p>', updatedAt });
    await cache.changed(7, {
      id: 5,
      name: 'T5b',
      published: true,
      definition: aFlow({
        condition: aFlowCondition(),
        steps: [aStep({ content: '<p>saved</p>' })],
      }),
      publishedAt: updatedAt,
      updatedAt,
    });
    const after = await cache.get(7);
    expect(after.get(5)?.steps[0]?.content).toBe('<p>saved</p>');
    expect(after.get(5)?.name).toBe('T5b');
    expect([calls, src.definitions, src.reads]).toEqual([0, 0, 2]);
  });

  it('prepares a version once however many asks and changes come while it is being prepared', async () => {
    const src = source();
    src.rows.set(1, { name: 'A', content: '<p>A</p>', updatedAt: new Date(1) });
    let calls = 0;
    const sanitize = (html: string) => {
      calls++;
      return html;
    };
    const cache = createPublishedFlows({ flows: src.flows, log, ttlMs: 60_000, sanitize });
    const first = cache.get(7);
    await cache.changed(7); // e.g. another tour of the product was unpublished meanwhile
    const [a, b] = await Promise.all([first, cache.get(7)]);
    expect(a.get(1)).toBe(b.get(1));
    expect([calls, src.definitions]).toEqual([1, 1]);
  });

  it('sanitises in slices: the event loop runs while a large product is prepared', async () => {
    const src = source();
    for (let i = 1; i <= 30; i++)
      src.rows.set(i, { name: `T${i}`, content: '<p>x</p>', updatedAt: new Date(1) });
    // Each call holds the thread 2 ms, as a 6 KB step would; 30 tours hold it 60 ms in all.
    const sanitize = (html: string) => {
      const until = performance.now() + 2;
      while (performance.now() < until);
      return html;
    };
    const cache = createPublishedFlows({ flows: src.flows, log, ttlMs: 60_000, sanitize });
    let turns = 0;
    let done = false;
    const spin = () => {
      turns++;
      if (!done) setImmediate(spin);
    };
    setImmediate(spin);
    await cache.get(7);
    done = true;
    // Without slices the loop would not turn until the whole product was sanitised.
    expect(turns).toBeGreaterThanOrEqual(5);
  });

  it('keeps no more content than its bound: the product asked about least recently goes first', async () => {
    const reads = new Map<number, number>();
    const content = `<p>${'x'.repeat(53)}</p>`; // 60 characters
    const flows = {
      listPublished: async (brandId: number) => {
        reads.set(brandId, (reads.get(brandId) ?? 0) + 1);
        return [{ id: brandId, name: 'T', publishedAt: new Date(1), updatedAt: new Date(1) }];
      },
      publishedDefinition: async (brandId: number) => ({
        id: brandId,
        name: 'T',
        definition: aFlow({ condition: aFlowCondition(), steps: [aStep({ content: content })] }),
        publishedAt: new Date(1),
        updatedAt: new Date(1),
      }),
    };
    const cache = createPublishedFlows({ flows, log, ttlMs: 60_000, maxChars: 150 });
    await cache.get(1);
    await cache.get(2);
    await cache.get(1); // product 1 is now the most recent
    await cache.get(3); // 180 characters: product 2 goes
    await cache.get(1);
    await cache.get(3);
    expect([reads.get(1), reads.get(2), reads.get(3)]).toEqual([1, 1, 1]);
    await cache.get(2);
    expect(reads.get(2)).toBe(2);
  });
});
