import { BloomFilter } from '../../lib/bloom';
import type { FlowSessionsRepository, VisitorIds } from './flow-sessions.repository';

/** The smallest filter a product gets (about 5 KB); it doubles when it fills up. */
export const SEEN_VISITORS_MIN_CAPACITY = 4096;

interface ProductFilter {
  filter: BloomFilter;
  ready: Promise<void>;
  /** The filter being rebuilt bigger: it receives every key too, and replaces this one when ready. */
  next?: ProductFilter;
}

/**
 * Remembers, per product, which visitor keys ever held a tour session, so that a visitor who never
 * had one (most of them) is answered "no sessions" without a database read
 * (docs/adr/0012-flow-runtime-cost.md). Sound only where this process is the only writer of
 * `flow_sessions` (the embedded PGlite database): every session starts through `start`, which
 * adds its key before the row is written, and a product's keys are loaded from the database the
 * first time it is asked about. A Bloom filter may say "maybe" wrongly (then the database is read,
 * as without it) but never "no" for a key it was given.
 */
export function withSeenVisitors(
  repo: FlowSessionsRepository,
  opts: { capacity?: number } = {},
): FlowSessionsRepository {
  const initial = opts.capacity ?? SEEN_VISITORS_MIN_CAPACITY;
  const products = new Map<number, ProductFilter>();

  function load(brandId: number, capacity: number): ProductFilter {
    const filter = new BloomFilter(capacity);
    const entry: ProductFilter = {
      filter,
      ready: repo.visitorKeys(brandId).then((keys) => {
        for (const k of keys) filter.add(k);
      }),
    };
    return entry;
  }

  /** The product's filter, loaded once; a failed load is tried again on the next call. */
  async function filterOf(brandId: number): Promise<BloomFilter> {
    let entry = products.get(brandId);
    if (!entry) {
      entry = load(brandId, initial);
      products.set(brandId, entry);
    }
    try {
      await entry.ready;
    } catch (err) {
      if (products.get(brandId) === entry) products.delete(brandId);
      throw err;
    }
    return entry.filter;
  }

  async function remember(brandId: number, key: string) {
    await filterOf(brandId);
    const entry = products.get(brandId)!;
    entry.filter.add(key);
    if (entry.next) entry.next.filter.add(key);
    else if (entry.filter.count > entry.filter.capacity) {
      // Full: a filter twice the size is loaded from the database, then takes over.
      const next = load(brandId, entry.filter.capacity * 2);
      next.filter.add(key);
      entry.next = next;
      next.ready.then(
        () => {
          if (products.get(brandId) === entry) products.set(brandId, next);
        },
        () => {
          entry.next = undefined;
        },
      );
    }
  }

  const mayHave = async (brandId: number, v: VisitorIds) => {
    const f = await filterOf(brandId);
    return (v.userId !== null && f.has(v.userId)) || f.has(v.anonymousId);
  };

  return {
    ...repo,
    async visitorState(brandId, visitor) {
      if (await mayHave(brandId, visitor)) return repo.visitorState(brandId, visitor);
      return { started: new Map(), lastEnded: new Map(), hasOpen: false };
    },
    async openFor(brandId, visitor) {
      if (await mayHave(brandId, visitor)) return repo.openFor(brandId, visitor);
      return undefined;
    },
    async start(v) {
      await remember(v.brandId, v.visitorKey);
      return repo.start(v);
    },
  };
}
