import type { CounterStore } from '../../plugins/rate-limit';

const monthOf = (d: Date) => d.toISOString().slice(0, 7);
/** Until the start of the next UTC month, plus a day so a late read still finds the count. */
const untilNextMonth = (d: Date) =>
  Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - d.getTime() + 86_400_000;

/**
 * Events dropped by a product's filters (docs/settings.md, "Filters") — or, as `suppressed`, those
 * of customers erased with `suppress` (docs/data-rights.md) — counted per product and
 * per account for the UTC month in the shared counter store (Redis when the nodes share one,
 * this node's memory otherwise), never stored as events.
 */
export function createFilteredUsage(deps: {
  counters: CounterStore;
  now: () => Date;
  /** What is counted: `filtered` (by the product's filters) or `suppressed` (erased customers). */
  kind?: 'filtered' | 'suppressed';
}) {
  const kind = deps.kind ?? 'filtered';
  const brandKey = (brandId: number, at: Date) => `ingest-${kind}:brand:${brandId}:${monthOf(at)}`;
  const accountKey = (ownerId: string, at: Date) =>
    `ingest-${kind}:account:${ownerId}:${monthOf(at)}`;
  return {
    async record(brandId: number, ownerId: string, events: number) {
      if (events <= 0) return;
      const now = deps.now();
      const ttl = untilNextMonth(now);
      await deps.counters.hit(brandKey(brandId, now), ttl, events);
      await deps.counters.hit(accountKey(ownerId, now), ttl, events);
    },
    /** The product's filtered events this UTC month. */
    async ofBrand(brandId: number) {
      return (await deps.counters.peek(brandKey(brandId, deps.now()))).count;
    },
    /** The account's filtered events this UTC month, over all its products. */
    async ofAccount(ownerId: string) {
      return (await deps.counters.peek(accountKey(ownerId, deps.now()))).count;
    },
  };
}
