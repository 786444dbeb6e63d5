import type { AnalyticsStore, QueryShape } from '@/server/analytics/types';

/**
 * A real analytics store whose every read first awaits `before(shape)`: isolation tests hold one
 * tenant's reads at a gate they open themselves, with no clock involved.
 */
export function readsWaitingOn(
  store: AnalyticsStore,
  before: (shape: QueryShape) => Promise<void> | void,
): AnalyticsStore {
  return {
    engine: store.engine,
    insert: (rows) => store.insert(rows),
    deleteEvents: (target) => store.deleteEvents(target),
    query: (async (shape: QueryShape, opts) => {
      await before(shape);
      return store.query(shape, opts);
    }) as AnalyticsStore['query'],
    ping: () => store.ping(),
    close: () => store.close(),
  };
}
