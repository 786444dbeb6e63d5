/** The analytics store: events never live in the OLTP database (docs/architecture.md#6-data). */

import type {
  FunnelStepRow,
  ReportFunnelCustomersShape,
  ReportFunnelShape,
  ReportRetentionShape,
  RetentionRow,
  ReportTopValuesShape,
  ReportTrendRow,
  ReportTrendShape,
} from './report-shapes';
import type { LinkClicksResult, LinkClicksShape } from './link-click-shape';
import type { SegmentEventCountRow, SegmentEventCountsShape } from './segment-shape';

export type * from './report-shapes';
export type * from './link-click-shape';
export type * from './segment-shape';

/** Kinds of message the Segment-compatible API accepts. */
export type EventType = 'track' | 'page' | 'identify';

/** Event codes the store uses for messages that carry no event name of their own. */
export const PAGE_EVENT = '$pageview';
export const IDENTIFY_EVENT = '$identify';

/** One stored event: validated, enriched and clock-corrected by the ingestion pipeline. */
export interface EventRow {
  brandId: number;
  /** Client-chosen id; (brandId, messageId) is stored once, also across restarts. */
  messageId: string;
  type: EventType;
  /** Event code: the track event name, PAGE_EVENT or IDENTIFY_EVENT. */
  event: string;
  userId: string | null;
  anonymousId: string | null;
  /** userId when known, else anonymousId: the key of the per-customer timeline. */
  customerKey: string;
  /** When it happened, corrected for client clock skew (UTC). */
  timestamp: Date;
  /** When the server received it (UTC). */
  receivedAt: Date;
  /** `properties` of track/page, `traits` of identify. */
  properties: Record<string, unknown>;
  context: Record<string, unknown>;
  /** `properties` / `context` already serialised by ingestion (saves a second stringify). */
  propertiesJson?: string;
  contextJson?: string;
  url: string | null;
  path: string | null;
  referrer: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  country: string | null;
}

/** An event read back from the store (JSON columns parsed, times as Date). */
export type StoredEvent = EventRow;

export type Granularity = 'day' | 'week' | 'month';

/**
 * Every query shape, as one typed description; each dialect compiles it to SQL with bound
 * parameters (never string-concatenated user values).
 */
export type QueryShape = AnyShape & RetentionScope;

/**
 * What a read of a product may see (docs/retention.md): filled for every read by the retained
 * store (server/analytics/retained-store.ts), never by the callers.
 */
interface RetentionScope {
  /** Events before this time are past the product's retention: no read sees them. */
  keptFrom?: Date;
}

type AnyShape =
  /** Newest events of one event code of a brand (of every code without `event`), newest first. */
  | { kind: 'tail'; brandId: number; event?: string; limit: number }
  /**
   * Events of one customer, newest first, keyset-paginated: those sent with its userId, and the
   * anonymous ones (no userId) of its anonymous ids. An anonymousId equal to the userId never
   * counts as that user (the two key spaces stay apart).
   */
  | {
      kind: 'timeline';
      brandId: number;
      userId: string;
      anonymousIds: string[];
      limit: number;
      /** Return only events strictly older than this (timestamp, messageId) pair. */
      before?: { timestamp: Date; messageId: string };
    }
  /** Count and last-seen time per event code in [from, to); optionally only these codes. */
  | {
      kind: 'countsByEvent';
      brandId: number;
      from: Date;
      to: Date;
      events?: string[];
      /** The busiest codes only (ordered by count, then code). */
      limit?: number;
      /** Leave out the built-in `$` codes ($pageview, $identify, …). */
      definedByUsersOnly?: boolean;
    }
  /**
   * Whether a brand has stored any event (an existence check: stops at the first row), leaving
   * out the codes of `except` (events that do not come from the product's own pages).
   */
  | { kind: 'anyEvent'; brandId: number; except?: string[] }
  /** How many events of a brand (every code) in [from, to). */
  | { kind: 'eventCount'; brandId: number; from: Date; to: Date }
  /**
   * One visitor's events of some codes, newest first (the flow runtime counts its event
   * conditions from them): those sent with their user id, and the anonymous ones (no user id)
   * of their anonymous id — an anonymous id equal to some user id never reads that user's.
   */
  | {
      kind: 'visitorEvents';
      brandId: number;
      userId: string | null;
      anonymousId: string;
      events: string[];
      /** Only events at or after this time (null: all history). */
      from: Date | null;
      limit: number;
    }
  /**
   * Every event of some codes of a brand, in no order, at most `limit`: what the flow runtime's
   * event memory loads once (server/modules/flows/runtime/event-memory.ts).
   */
  | { kind: 'codeEvents'; brandId: number; events: string[]; limit: number }
  /**
   * A brand's events in [from, to), oldest first, keyset-paginated: only those after the
   * (timestamp, messageId) pair `after` (the data export, docs/data-export.md).
   */
  | {
      kind: 'exportEvents';
      brandId: number;
      from: Date;
      to: Date;
      after?: { timestamp: Date; messageId: string };
      limit: number;
      /** Only this customer's events (erasure's redaction reads them so). */
      customer?: CustomerKeys;
    }
  /**
   * Events of one tour (properties.flow_id) per code, and per code and bucket, in [from, to):
   * count and distinct customers; `byStep` groups flow_step_seen by properties.step_id instead.
   */
  | {
      kind: 'flowEventCounts';
      brandId: number;
      flowId: number;
      events: string[];
      from: Date | null;
      to: Date;
      /** Also per time bucket; null: totals only. */
      granularity: Granularity | null;
      byStep?: boolean;
    }
  | ReportTrendShape
  | ReportTopValuesShape
  | ReportFunnelShape
  | ReportFunnelCustomersShape
  | ReportRetentionShape
  | LinkClicksShape
  /** Events per event condition of a segment, per customer of a page (docs/segments.md). */
  | SegmentEventCountsShape;

export interface EventCount {
  event: string;
  count: number;
  lastSeen: Date;
}

/** An event as the flow runtime reads it. */
export interface VisitorEvent {
  event: string;
  timestamp: Date;
  properties: Record<string, unknown>;
}

/** An event as the flow runtime's memory keeps it: properties stay JSON text until read. */
export interface CodeEvent {
  event: string;
  messageId: string;
  userId: string | null;
  anonymousId: string | null;
  /** Epoch milliseconds. */
  at: number;
  propertiesJson: string;
}

/** One group of `flowEventCounts`: bucket null for the totals, step null unless `byStep`. */
export interface FlowEventCount {
  event: string;
  bucket: Date | null;
  stepId: string | null;
  count: number;
  customers: number;
}

/**
 * A customer as their events name them: those sent with the user id, and the anonymous ones (no
 * user id) of the anonymous ids — as the customer's timeline reads them.
 */
export interface CustomerKeys {
  userId: string | null;
  anonymousIds: string[];
}

/** Events a deletion removes (docs/data-rights.md): a product's, of one customer, before a time. */
export interface EventTarget {
  brandId: number;
  customer?: CustomerKeys;
  before?: Date;
}

/** The result type of each query shape. */
export interface QueryResults {
  tail: StoredEvent[];
  timeline: StoredEvent[];
  exportEvents: StoredEvent[];
  countsByEvent: EventCount[];
  anyEvent: boolean;
  eventCount: number;
  visitorEvents: VisitorEvent[];
  codeEvents: CodeEvent[];
  flowEventCounts: FlowEventCount[];
  reportTrend: ReportTrendRow[];
  reportTopValues: { value: string; measure: number }[];
  reportFunnel: FunnelStepRow[];
  reportFunnelCustomers: string[];
  reportRetention: RetentionRow[];
  linkClicks: LinkClicksResult;
  segmentEventCounts: SegmentEventCountRow[];
}

export interface QueryOptions {
  /** Aborted when the caller has gone (its request closed). */
  signal?: AbortSignal;
  /**
   * `reports`: a signed-in account's read (scheduled per account); ClickHouse gives these a client
   * pool of their own, apart from the tour runtime's. Anything else by default.
   */
  lane?: 'reports' | 'runtime';
}

export type ResultOf<S extends QueryShape> = QueryResults[S['kind']];

/** The shapes whose result is a list of rows (what `stream` can slice). */
export type ListShape = Extract<QueryShape, { kind: 'codeEvents' | 'tail' | 'visitorEvents' }>;

export interface AnalyticsStore {
  readonly engine: 'duckdb' | 'clickhouse';
  /**
   * Stores rows durably before it resolves. Rows whose (brandId, messageId) is already stored,
   * or repeated within `rows`, are skipped. Resolves with the number of rows actually inserted.
   * Rejects when the store is unavailable (the caller answers 503).
   */
  insert(rows: EventRow[]): Promise<number>;
  /**
   * One read. With `signal`: a read not yet started when it aborts never starts, and a running
   * one is stopped (docs/reports.md, "Sharing the analytics engine").
   */
  query<S extends QueryShape>(shape: S, opts?: QueryOptions): Promise<ResultOf<S>>;
  /**
   * A large list result read in slices on a connection of its own, other work running between
   * slices (the embedded store has it; callers fall back to `query` without it).
   */
  stream?<S extends ListShape>(shape: S, onRows: (rows: ResultOf<S>) => void): Promise<void>;
  /**
   * Deletes the events of `target` for good (erasure, retention, product deletion;
   * docs/data-rights.md) after the writes queued before it; resolves with how many there were.
   * Reads see them gone once it resolves.
   */
  deleteEvents(target: EventTarget): Promise<number>;
  /** Rejects when the store cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** An analytics query ran past its time limit and was interrupted (answered 504). */
export class QueryTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`analytics query interrupted after ${ms} ms`);
  }
}

/** The caller of a read went away before it started (or while it ran: it was then stopped). */
export class CallerGoneError extends Error {
  constructor() {
    super('the caller went away before the analytics read finished');
    this.name = 'CallerGoneError';
  }
}

/** Default limit of one analytics read. */
export const ANALYTICS_QUERY_TIMEOUT_MS = 15_000;
