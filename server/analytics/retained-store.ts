import type { AnalyticsStore, ListShape, QueryOptions, QueryShape } from './types';

/** Where the store learns each product's retention cutoff (server/modules/retention). */
export interface RetentionCutoffs {
  /** The earliest event time the product keeps now; null = every event. */
  cutoff(brandId: number): Promise<Date | null>;
}

/**
 * The analytics store as every module reads it (docs/retention.md, "Hidden at once"): each read of
 * a product carries the product's retention cutoff (`keptFrom`), which every query shape compiles
 * into its statement (`Binder.brand`), so events older than the retention are invisible to every
 * report, list, export and tour decision from the moment the setting is saved. The one place
 * the cutoff is filled: callers never set it. Writes and deletions pass through unchanged.
 */
export function retainedStore(store: AnalyticsStore, retention: RetentionCutoffs): AnalyticsStore {
  const scoped = async <S extends QueryShape>(shape: S): Promise<S> => {
    const cutoff = await retention.cutoff(shape.brandId);
    if (!cutoff) return shape;
    // A caller's own cutoff (none today) never widens what the retention hides.
    const keptFrom = shape.keptFrom && shape.keptFrom > cutoff ? shape.keptFrom : cutoff;
    return { ...shape, keptFrom };
  };
  const query = async <S extends QueryShape>(shape: S, opts?: QueryOptions) =>
    store.query(await scoped(shape), opts);
  const stream = store.stream
    ? async <S extends ListShape>(
        shape: S,
        onRows: Parameters<NonNullable<AnalyticsStore['stream']>>[1],
      ) => store.stream!(await scoped(shape), onRows)
    : undefined;
  return {
    engine: store.engine,
    insert: (rows) => store.insert(rows),
    query: query as AnalyticsStore['query'],
    ...(stream ? { stream: stream as NonNullable<AnalyticsStore['stream']> } : {}),
    deleteEvents: (target) => store.deleteEvents(target),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}
