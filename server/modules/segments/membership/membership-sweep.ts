import type { SegmentDefinition } from '../../../../lib/contracts/segments';
import type { Batcher } from '../../../analytics/batcher';
import { analyticsCaller } from '../../../analytics/scheduler';
import type { EventRow } from '../../../analytics/types';
import { AppError } from '../../../errors';
import type { JobQueue } from '../../../jobs';
import type { ProfileRow } from '../../profiles/profiles.repository';
import { SegmentNotEvaluable, type ResolveSegment } from '../engine/evaluate';
import type { SegmentEngine } from '../engine/members';
import type { SegmentsRepository } from '../segments.repository';
import { membershipEventRow, SEGMENT_EVENTS } from './membership-events';
import type { PublishWebhook } from '../../webhooks';
import type { MembershipRepository, StoredMember } from './membership.repository';

/**
 * Membership records (docs/segments.md, "Membership records"): every SEGMENT_MEMBERSHIP_SWEEP_MS
 * each segment's members, as the set evaluator finds them, are merged with the stored ones (both
 * in profile id order, a page at a time), and each customer who entered or left gets a row change
 * and a `segment_entered` / `segment_exited` event of the product. Each product is one job of the
 * job queue (docs/jobs.md): the scheduler enqueues one per product due, at most one unfinished per
 * product, and worker nodes run products in parallel; a product's segments are swept one at a
 * time, and a failing segment is reported and skipped.
 */

/** How often the scheduler enqueues every product's sweep (server/index.ts starts it). */
export const SEGMENT_MEMBERSHIP_SWEEP_MS = 60_000;
/** The job kind of one product's sweep (docs/jobs.md, "Kinds"). */
export const SEGMENT_MEMBERSHIP_JOB = 'segment-membership';
/** A product's sweep job, one unfinished at a time. */
export const membershipDedupeKey = (brandId: number) => `${SEGMENT_MEMBERSHIP_JOB}:${brandId}`;
/** Stored members read, and changes written, per statement. */
export const SEGMENT_MEMBERSHIP_PAGE = 500;
/** Products with segments read per statement. */
const PRODUCTS_PAGE = 100;

interface Product {
  brandId: number;
  ownerId: string;
}
interface Segment {
  id: number;
  name: string;
  definition: SegmentDefinition;
}
/** What one sweep did: segments computed, customers who entered and left, segments failed. */
export interface SweepTotals {
  segments: number;
  entered: number;
  exited: number;
  failed: number;
}

/** The stored members of a segment in profile id order, one page held at a time. */
function storedReader(members: MembershipRepository, segmentId: number, pageSize: number) {
  let page: StoredMember[] = [];
  let i = 0;
  let after = 0;
  let done = false;
  return {
    /** The next stored member not yet passed (undefined once none is left). */
    async head(): Promise<StoredMember | undefined> {
      if (i < page.length) return page[i];
      if (done) return undefined;
      page = await members.after(segmentId, after, pageSize);
      i = 0;
      done = page.length < pageSize;
      after = page.at(-1)?.profileId ?? after;
      return page[0];
    },
    next() {
      i++;
    },
  };
}

export function createSegmentMembership(deps: {
  segments: Pick<SegmentsRepository, 'productsAfter' | 'ofBrand' | 'storeCount'>;
  members: MembershipRepository;
  /** The set evaluator; its clock should be `now`'s. */
  engine: Pick<SegmentEngine, 'members'>;
  /** Where the events go: the ingestion batcher (through the derived-events quota). */
  events: Pick<Batcher, 'submit'>;
  /** The queue the products' sweeps run on; without it only `sweep` sweeps (tests). */
  jobs?: Pick<JobQueue, 'enqueue' | 'register'>;
  now?: () => Date;
  intervalMs?: number;
  pageSize?: number;
  /** A segment (or a product's list of segments) that could not be swept; the sweep goes on. */
  onError?: (err: unknown, segmentId?: number) => void;
  /** segment.entered / segment.exited webhooks (docs/webhooks.md); never throws. */
  webhook?: PublishWebhook;
}) {
  const { segments, members, engine } = deps;
  const now = deps.now ?? (() => new Date());
  const interval = deps.intervalMs ?? SEGMENT_MEMBERSHIP_SWEEP_MS;
  const pageSize = deps.pageSize ?? SEGMENT_MEMBERSHIP_PAGE;
  let sweeping: Promise<SweepTotals> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  /** One segment: claimed, its members merged with the stored ones, its count stored. */
  async function sweepSegment(
    product: Product,
    segment: Segment,
    resolve: ResolveSegment,
    totals: SweepTotals,
  ) {
    const at = now();
    // Another sweep (this node's or another's) computed it in the last half period: skipped.
    if (!(await members.claim(segment.id, at, new Date(at.getTime() - interval / 2)))) return;
    const stored = storedReader(members, segment.id, pageSize);
    let entering: ProfileRow[] = [];
    let exiting: StoredMember[] = [];

    /** Writes the waiting changes; the events go for the rows a write actually changed. */
    const flush = async () => {
      const rows: EventRow[] = [];
      const ins = new Map(entering.map((p) => [p.id, p]));
      const outs = new Map(exiting.map((s) => [s.profileId, s]));
      entering = [];
      exiting = [];
      for (const c of await members.enter(segment.id, [...ins.keys()], at)) {
        const p = ins.get(c.profileId)!;
        const member = { profileId: p.id, brandId: p.brandId, customerKey: p.customerKey };
        rows.push(membershipEventRow(SEGMENT_EVENTS.entered, segment, { ...member, ...c }, at));
        totals.entered++;
      }
      for (const c of await members.exit(segment.id, [...outs.keys()])) {
        const member = { ...outs.get(c.profileId)!, enteredAt: c.enteredAt };
        rows.push(membershipEventRow(SEGMENT_EVENTS.exited, segment, member, at));
        totals.exited++;
      }
      if (rows.length > 0)
        await deps.events.submit({ rows, ownerId: product.ownerId, derived: true });
      if (deps.webhook)
        for (const [event, topic] of [
          [SEGMENT_EVENTS.entered, 'segment.entered'],
          [SEGMENT_EVENTS.exited, 'segment.exited'],
        ] as const) {
          const data = rows
            .filter((r) => r.event === event)
            .map((r) => ({
              segment_id: segment.id,
              segment_name: segment.name,
              customer_id: r.customerKey,
              at: at.toISOString(),
            }));
          if (data.length > 0) await deps.webhook(product.brandId, topic, data);
        }
    };
    const leave = async (s: StoredMember) => {
      exiting.push(s);
      stored.next();
      if (exiting.length >= pageSize) await flush();
    };

    let count = 0;
    for await (const member of engine.members(product.brandId, segment.definition, resolve)) {
      count++;
      let head = await stored.head();
      for (; head && head.profileId < member.id; head = await stored.head()) await leave(head);
      if (head?.profileId === member.id) stored.next();
      else {
        // Stored members before this one have all been passed: a later page never reads it.
        entering.push(member);
        if (entering.length >= pageSize) await flush();
      }
    }
    for (let head = await stored.head(); head; head = await stored.head()) await leave(head);
    await flush();
    await segments.storeCount(segment.id, {
      brandId: product.brandId,
      definition: segment.definition,
      count,
      computedAt: at,
    });
    totals.segments++;
  }

  /** A product's segments one at a time, each read as its owner's reports read. */
  async function sweepProduct(product: Product, totals: SweepTotals, signal?: AbortSignal) {
    let list: Segment[];
    try {
      list = (await segments.ofBrand(product.brandId)).sort((a, b) => a.id - b.id);
    } catch (err) {
      deps.onError?.(err);
      totals.failed++;
      return;
    }
    const byId = new Map(list.map((s) => [s.id, s.definition]));
    const resolve: ResolveSegment = (id) => byId.get(id);
    for (const segment of list) {
      if (stopped || signal?.aborted) return;
      try {
        await analyticsCaller.run({ account: product.ownerId }, () =>
          sweepSegment(product, segment, resolve, totals),
        );
      } catch (err) {
        totals.failed++;
        // A rule the engine refuses, or the account's share of segment work in use: the
        // segment is tried again at the next sweep, nothing to report.
        const quiet =
          err instanceof SegmentNotEvaluable || (err instanceof AppError && err.status === 429);
        if (!quiet) deps.onError?.(err, segment.id);
      }
    }
  }

  async function sweepAll(): Promise<SweepTotals> {
    const totals: SweepTotals = { segments: 0, entered: 0, exited: 0, failed: 0 };
    for (let after = 0; !stopped;) {
      const page = await segments.productsAfter(after, PRODUCTS_PAGE);
      for (const product of page) if (!stopped) await sweepProduct(product, totals);
      if (page.length < PRODUCTS_PAGE) break;
      after = page.at(-1)!.brandId;
    }
    return totals;
  }

  /**
   * Sweeps every segment of every product. Never twice at once in a process: a call while a
   * sweep runs gets that sweep's answer.
   */
  function sweep(): Promise<SweepTotals> {
    // Outside any request's context: its end must not cancel the sweep's reads.
    sweeping ??= analyticsCaller
      .exit(() => sweepAll())
      .finally(() => {
        sweeping = undefined;
      });
    return sweeping;
  }

  /**
   * Enqueues one sweep job per product with a segment not swept in the last half period; a product
   * whose job is queued or running gets none (its dedupe key). Every worker node's tick may run
   * it: what one enqueued, the others find due no more once swept. Answers the jobs enqueued.
   */
  async function schedule(): Promise<number> {
    if (!deps.jobs) return 0;
    const sweptBefore = new Date(now().getTime() - interval / 2);
    let enqueued = 0;
    for (let after = 0; !stopped;) {
      const page = await members.productsDue(after, PRODUCTS_PAGE, sweptBefore);
      for (const p of page) {
        const id = await deps.jobs.enqueue(
          SEGMENT_MEMBERSHIP_JOB,
          { brandId: p.brandId },
          { dedupeKey: membershipDedupeKey(p.brandId), ownerId: p.ownerId, brandId: p.brandId },
        );
        if (id !== undefined) enqueued++;
      }
      if (page.length < PRODUCTS_PAGE) break;
      after = page.at(-1)!.brandId;
    }
    return enqueued;
  }

  // One product's sweep as a job; a failed one is not retried: the next tick enqueues it again.
  deps.jobs?.register<{ brandId: number }>(
    SEGMENT_MEMBERSHIP_JOB,
    async (job, { signal }) => {
      const totals: SweepTotals = { segments: 0, entered: 0, exited: 0, failed: 0 };
      const product = { brandId: job.payload.brandId, ownerId: job.ownerId ?? '' };
      // Outside the enqueuing request's context, as `sweep` is.
      await analyticsCaller.exit(() => sweepProduct(product, totals, signal));
      // Stopped half way: queued again for another node (or this one's next start).
      if (signal.aborted) throw signal.reason;
    },
    { maxAttempts: 1 },
  );

  return {
    sweep,
    schedule,
    /** Enqueues the products' sweeps now and every `intervalMs` until `close` (server/index.ts). */
    start() {
      if (timer || stopped) return;
      const tick = () => void schedule().catch((err) => deps.onError?.(err));
      timer = setInterval(tick, interval);
      timer.unref();
      tick();
    },
    /** Stops the timer; a running `sweep` stops after its segment, and is waited for. */
    async close() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await sweeping?.catch(() => undefined);
    },
  };
}
export type SegmentMembership = ReturnType<typeof createSegmentMembership>;
