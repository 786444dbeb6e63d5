import { createHmac } from 'node:crypto';
import type { EraseBody, Erasure } from '../../../lib/contracts/erasure';
import { MESSAGES } from '../../../lib/messages';
import { LINK_CLICKED_EVENT } from '../../analytics/link-click-shape';
import type { AnalyticsStore, CustomerKeys } from '../../analytics/types';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import type { JobQueue } from '../../jobs';
import type { BrandAccess } from '../brands/brand-access';
import type { PublishWebhook } from '../webhooks';
import type { WebhooksRepository } from '../webhooks/webhooks.repository';
import type { ErasureRepository, ErasureRow } from './erasure.repository';
import { customerHash, redactEvent } from './redact';

/**
 * Erasure of one customer (docs/data-rights.md, "Erasure"). The request removes the profile at
 * once, records the audit entry (with a suppression, when asked, effective at once) and enqueues
 * the job in the same transaction; the job removes the customer's tour sessions and their events
 * from the analytics store — or, to redact, stores copies without personal values under a salted
 * hash first — and the webhook messages naming them, and writes the receipt. Run again (a lost lease), it finds nothing left to do.
 */

export const ERASURE_JOB = 'customer.erase';
/** Events read per statement while counting or redacting. */
const ERASURE_PAGE = 5_000;
const EVER = { from: new Date(0), to: new Date('9999-12-31T00:00:00Z') };

/** The key of the salted hashes, derived from a server secret for this purpose alone. */
export const erasureSalt = (serverSecret: string): Buffer =>
  createHmac('sha256', serverSecret).update('signpost erasure v1').digest();

export function toErasureDto(row: ErasureRow): Erasure {
  return {
    id: row.id,
    brand_id: row.brandId,
    customer_hash: row.customerHash,
    mode: row.mode,
    suppress: row.suppress,
    status: row.status,
    requested_by: row.requestedBy,
    requested_at: row.requestedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    receipt: row.receipt
      ? {
          profiles: row.receipt.profiles,
          events: row.receipt.events,
          tour_sessions: row.receipt.tourSessions,
          link_clicks: row.receipt.linkClicks,
          // Receipts written before the webhook log was erased too have no count.
          webhook_messages: row.receipt.webhookMessages ?? 0,
          analytics: row.receipt.analytics,
        }
      : null,
  };
}

export function createErasureService(deps: {
  db: Db;
  repo: ErasureRepository;
  access: BrandAccess;
  /** The analytics store itself (jobs are nobody's request). */
  store: Pick<AnalyticsStore, 'engine' | 'query' | 'insert' | 'deleteEvents'>;
  jobs: Pick<JobQueue, 'enqueue' | 'register'>;
  salt: Buffer;
  /** A product's events changed under the runtime's memory (it reloads them). */
  erased?: (brandId: number) => void;
  /** The webhook delivery log: the customer's messages go with them. */
  webhookLog: Pick<WebhooksRepository, 'deleteCustomerMessages'>;
  /** The customer.deleted webhook once the job has run (docs/webhooks.md); never throws. */
  webhook?: PublishWebhook;
  /** A customer was suppressed: ingestion's cached product lookups read again. */
  suppressionsChanged?: () => void;
  now?: () => Date;
}) {
  const { repo, store } = deps;
  const now = deps.now ?? (() => new Date());

  /** Walks the customer's events; with `redact`, stores each page's redacted copies. */
  async function walk(brandId: number, customer: CustomerKeys, redactAs: string | null) {
    let events = 0;
    let linkClicks = 0;
    let after: { timestamp: Date; messageId: string } | undefined;
    for (;;) {
      const page = await store.query({
        kind: 'exportEvents',
        brandId,
        ...EVER,
        customer,
        after,
        limit: ERASURE_PAGE,
      });
      events += page.length;
      linkClicks += page.filter((e) => e.event === LINK_CLICKED_EVENT).length;
      if (redactAs !== null && page.length)
        await store.insert(page.map((e) => redactEvent(e, redactAs)));
      if (page.length < ERASURE_PAGE) return { events, linkClicks };
      const last = page.at(-1)!;
      after = { timestamp: last.timestamp, messageId: last.messageId };
    }
  }

  async function run(erasureId: number) {
    const row = await repo.find(erasureId);
    if (!row || row.status !== 'queued' || !row.keys?.userId) return;
    const customer = { userId: row.keys.userId, anonymousIds: row.keys.anonymousIds };
    const tourSessions = await repo.deleteTourSessions(
      row.brandId,
      customer.userId,
      customer.anonymousIds,
    );
    const seen = await walk(row.brandId, customer, row.mode === 'redact' ? row.customerHash : null);
    // Redacted copies carry the hash, not the ids: only the originals match the customer.
    const deleted = await store.deleteEvents({ brandId: row.brandId, customer });
    deps.erased?.(row.brandId);
    // Messages naming them, sent or not: pending ones are not sent any more.
    const webhookMessages = await deps.webhookLog.deleteCustomerMessages(
      row.brandId,
      customer.userId,
      customer.anonymousIds,
    );
    await repo.complete(
      row.id,
      {
        profiles: 1,
        events: Math.max(seen.events, deleted),
        tourSessions,
        linkClicks: seen.linkClicks,
        analytics: store.engine,
        webhookMessages,
      },
      now(),
    );
    // The customer's id stays out of it: the delivery log keeps messages 30 days.
    await deps.webhook?.(row.brandId, 'customer.deleted', [
      { erasure_id: row.id, mode: row.mode, customer_hash: row.customerHash },
    ]);
  }

  deps.jobs.register<{ erasureId: number }>(ERASURE_JOB, (job) => run(job.payload.erasureId), {
    maxAttempts: 10,
  });

  return {
    async request(ownerId: string, requestedBy: string, profileId: number, body: EraseBody) {
      const made = await deps.db.transaction(async (tx) => {
        const profile = await repo.takeProfile(tx, ownerId, profileId);
        if (!profile) throw notFound(MESSAGES.profiles.notFound);
        const hash = customerHash(deps.salt, profile.brandId, profile.customerKey);
        const row = await repo.insert(tx, {
          brandId: profile.brandId,
          ownerId,
          requestedBy,
          mode: body.mode,
          suppress: body.suppress,
          customerHash: hash,
          keys: { userId: profile.customerKey, anonymousIds: profile.anonymousIds },
        });
        if (body.suppress) await repo.suppress(tx, profile.brandId, hash);
        await deps.jobs.enqueue(
          ERASURE_JOB,
          { erasureId: row.id },
          { tx, ownerId, brandId: profile.brandId, dedupeKey: `erasure:${row.id}` },
        );
        return row;
      });
      if (body.suppress) deps.suppressionsChanged?.();
      return toErasureDto(made);
    },

    async get(ownerId: string, id: number) {
      const row = await repo.findOwned(ownerId, id);
      if (!row) throw notFound(MESSAGES.erasure.notFound);
      return toErasureDto(row);
    },

    async list(ownerId: string, q: { brand_id: number; cursor?: string; limit: number }) {
      await deps.access.owned(ownerId, q.brand_id);
      const rows = await repo.list(
        q.brand_id,
        q.limit + 1,
        q.cursor === undefined ? undefined : Number(q.cursor),
      );
      const page = rows.slice(0, q.limit);
      return {
        data: page.map(toErasureDto),
        nextCursor: rows.length > q.limit ? String(page.at(-1)!.id) : null,
      };
    },
  };
}
export type ErasureService = ReturnType<typeof createErasureService>;
