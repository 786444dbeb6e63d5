import { describe, expect, it } from 'vitest';
import { traitChanges } from '../profiles/profile-changes';
import { createWebhookSubscriptions, type SubscribedEndpoint } from './subscriptions';

/** The per-product subscription cache (docs/webhooks.md, "What publishing costs"). */

function source(initial: Record<number, SubscribedEndpoint[]>) {
  const rows = { ...initial };
  const reads: number[] = [];
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  return {
    rows,
    reads,
    /** Reads from now on answer what they read only once `go` is called. */
    hold: () => (gate = new Promise<void>((r) => (open = r))),
    go: () => open(),
    async load(brandId: number) {
      reads.push(brandId);
      const value = rows[brandId] ?? [];
      await gate;
      return value;
    },
  };
}

const hook = (id: number, topics: string[]): SubscribedEndpoint => ({ id, ownerId: 'o', topics });

describe('webhook subscriptions cache', () => {
  it('reads a product once for concurrent and later callers, and again after forget', async () => {
    const s = source({ 1: [hook(10, ['customer.created', 'event.Order', 'event.Signup'])] });
    const subs = createWebhookSubscriptions({ load: s.load });
    const [x, y] = await Promise.all([subs.of(1), subs.of(1)]);
    await subs.of(1);
    expect(s.reads).toEqual([1]);
    expect(subs.lookups()).toBe(1);
    expect(x).toBe(y);
    expect(x.wants('customer.created')).toBe(true);
    expect(x.wants('customer.updated')).toBe(false);
    expect(x.to('event.Order').map((e) => e.id)).toEqual([10]);
    expect([...x.eventCodes].sort()).toEqual(['Order', 'Signup']);

    const none = await subs.of(2);
    expect(none.eventCodes.size).toBe(0);
    expect(none.to('customer.created')).toEqual([]);

    s.rows[1] = [];
    subs.forget(1);
    expect((await subs.of(1)).wants('customer.created')).toBe(false);
    expect(s.reads).toEqual([1, 2, 1]);
  });

  it('reads again after the entry expires', async () => {
    const s = source({});
    const subs = createWebhookSubscriptions({ load: s.load, ttlMs: 1 });
    await subs.of(3);
    await new Promise((r) => setTimeout(r, 5));
    await subs.of(3);
    expect(s.reads).toEqual([3, 3]);
  });

  it('does not keep a read that started before a forget', async () => {
    const s = source({ 4: [] });
    const subs = createWebhookSubscriptions({ load: s.load });
    void s.hold();
    const stale = subs.of(4);
    s.rows[4] = [hook(11, ['link.clicked'])];
    subs.forget(4);
    s.go();
    expect((await stale).wants('link.clicked')).toBe(false);
    expect((await subs.of(4)).wants('link.clicked')).toBe(true);
  });
});

describe('traitChanges', () => {
  const base = {
    email: 'a@example.com',
    name: 'A',
    dataAttributes: { plan: 'free', browser: 'Chrome', tags: ['x'] },
    metadata: { tier: 'gold' },
  };

  it('finds nothing when the traits are the same, whatever the key order', () => {
    const same = {
      ...base,
      dataAttributes: { tags: ['x'], browser: 'Chrome', plan: 'free' },
    };
    expect(traitChanges(base, same)).toEqual([]);
  });

  it('names what changed, ignoring what a profile was last seen with', () => {
    const after = {
      email: 'b@example.com',
      name: 'A',
      dataAttributes: { plan: 'pro', browser: 'Firefox', tags: ['x', 'y'], seats: 3 },
      metadata: {},
    };
    expect(traitChanges(base, after)).toEqual([
      'email',
      'data_attributes.plan',
      'data_attributes.tags',
      'data_attributes.seats',
      'metadata.tier',
    ]);
  });
});
