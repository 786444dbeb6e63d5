import type { EventFilterRule } from '../../../lib/contracts/brand-settings';
import { ipMatcher, parseIpRange, type IpRange } from '../../../lib/ip-match';
import type { EventRow } from '../../analytics/types';
import { createLru } from '../../lib/lru';

/**
 * A product's filters compiled for the hot path (docs/settings.md, "Filters"): a request's
 * address is checked once against every IP/CIDR rule, then each event is two set lookups.
 */
export interface CompiledFilters {
  /** No rule at all: ingestion skips the filter step. */
  empty: boolean;
  /** The request's address matches an ip rule: every event of it is dropped. */
  dropsAddress(address: string | undefined): boolean;
  /** The event's customer (userId or anonymousId) or its code matches a rule. */
  dropsEvent(row: Pick<EventRow, 'userId' | 'anonymousId' | 'event'>): boolean;
}

const NONE: CompiledFilters = {
  empty: true,
  dropsAddress: () => false,
  dropsEvent: () => false,
};

export function compileFilters(rules: readonly EventFilterRule[]): CompiledFilters {
  if (rules.length === 0) return NONE;
  const ranges: IpRange[] = [];
  const customers = new Set<string>();
  const codes = new Set<string>();
  for (const rule of rules) {
    if (rule.kind === 'ip') {
      // Saved rules were validated; one that no longer parses is skipped, never fatal.
      const range = parseIpRange(rule.value);
      if (range) ranges.push(range);
    } else if (rule.kind === 'customer_id') customers.add(rule.value);
    else codes.add(rule.value);
  }
  const addressMatches = ipMatcher(ranges);
  return {
    empty: false,
    dropsAddress: (address) => address !== undefined && addressMatches(address),
    dropsEvent: (row) =>
      codes.has(row.event) ||
      (customers.size > 0 &&
        ((row.userId !== null && customers.has(row.userId)) ||
          (row.anonymousId !== null && customers.has(row.anonymousId)))),
  };
}

/** Products whose compiled filters are kept; one entry is at most 100 rules. */
const MAX_PRODUCTS = 10_000;
const TTL_MS = 10 * 60_000;

/**
 * Compiled filters per product, keyed by brand id and the brand's `updated_at` (every save of
 * the settings moves it), so rules are compiled once per change, not per request; bounded.
 */
export function createFilterCache() {
  const cache = createLru<{ version: number; compiled: CompiledFilters }>({
    maxEntries: MAX_PRODUCTS,
    ttlMs: TTL_MS,
  });
  return {
    get(brandId: number, version: number, rules: readonly EventFilterRule[]): CompiledFilters {
      if (rules.length === 0) return NONE;
      const hit = cache.get(String(brandId));
      if (hit && hit.version === version) return hit.compiled;
      const compiled = compileFilters(rules);
      cache.set(String(brandId), { version, compiled });
      return compiled;
    },
    forget: (brandId: number) => void cache.delete(String(brandId)),
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}
