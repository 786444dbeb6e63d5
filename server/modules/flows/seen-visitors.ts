import { BloomFilter } from '../../lib/bloom';
import type { FlowSessionsRepository, VisitorIds } from './flow-sessions.repository';

/** The first filter of a product (about 5 KB); each next one holds twice as many keys. */
export const SEEN_VISITORS_MIN_CAPACITY = 4096;

/**
 * A filter that grows without reading anything again: when its newest layer is full, a layer
 * twice as big with half the error rate is added (a scalable Bloom filter), so wrong "maybe"
 * answers stay under twice the first layer's rate however many keys arrive.
 */
class GrowingFilter {
  private readonly layers: BloomFilter[];
  constructor(capacity: number) {
    this.layers = [new BloomFilter(capacity, 0.01)];
  }
  add(key: string) {
    let last = this.layers.at(-1)!;
    if (last.count >= last.capacity) {
      last = new BloomFilter(last.capacity * 2, 0.01 / 2 ** this.layers.length);
      this.layers.push(last);
    }
    last.add(key);
  }
  has(key: string) {
    return this.layers.some((l) => l.has(key));
  }
}

/**
 * Remembers, per product, which visitor keys ever held a tour session, so that a visitor who never
 * had one (most of them) is answered "no sessions" without a database read
 * (docs/adr/0012-flow-runtime-cost.md). Sound only where this process is the only writer of
 * `flow_sessions` (the embedded PGlite database): every session starts through `start`, `insert` or `insertMany`,
 * which add its key before the row is written, and a product's keys are loaded from the database the
 * first time it is asked about. A Bloom filter may say "maybe" wrongly (then the database is read,
 * as without it) but never "no" for a key it was given.
 */
export type SeenVisitorsSessions = FlowSessionsRepository & {
  /** True when no session was ever stored (or is being written) under this visitor key. */
  neverHeld(brandId: number, visitorKey: string): Promise<boolean>;
};

export function withSeenVisitors(
  repo: FlowSessionsRepository,
  opts: { capacity?: number } = {},
): SeenVisitorsSessions {
  const initial = opts.capacity ?? SEEN_VISITORS_MIN_CAPACITY;
  const products = new Map<number, { filter: GrowingFilter; ready: Promise<void> }>();

  /** The product's filter, loaded once; a failed load is tried again on the next call. */
  async function filterOf(brandId: number): Promise<GrowingFilter> {
    let entry = products.get(brandId);
    if (!entry) {
      const filter = new GrowingFilter(initial);
      const ready = repo.visitorKeys(brandId).then((keys) => {
        for (const k of keys) filter.add(k);
      });
      products.set(brandId, (entry = { filter, ready }));
    }
    try {
      await entry.ready;
    } catch (err) {
      if (products.get(brandId) === entry) products.delete(brandId);
      throw err;
    }
    return entry.filter;
  }

  const mayHave = async (brandId: number, v: VisitorIds) => {
    const f = await filterOf(brandId);
    return (
      (v.userId !== null && f.has(v.userId)) ||
      f.has(v.anonymousId) ||
      (!!v.claimedUserId && f.has(v.claimedUserId))
    );
  };

  return {
    ...repo,
    neverHeld: async (brandId, visitorKey) => !(await filterOf(brandId)).has(visitorKey),
    async visitorState(brandId, visitor) {
      if (await mayHave(brandId, visitor)) return repo.visitorState(brandId, visitor);
      return { started: new Map(), lastEnded: new Map(), hasOpen: false };
    },
    async openFor(brandId, visitor) {
      if (await mayHave(brandId, visitor)) return repo.openFor(brandId, visitor);
      return undefined;
    },
    async start(v) {
      (await filterOf(v.brandId)).add(v.visitorKey);
      return repo.start(v);
    },
    async insert(row) {
      (await filterOf(row.brandId)).add(row.visitorKey);
      return repo.insert(row);
    },
    async insertMany(rows) {
      for (const row of rows) (await filterOf(row.brandId)).add(row.visitorKey);
      return repo.insertMany(rows);
    },
  };
}
