import { WEBHOOK_TEST_TOPIC } from '../../../lib/contracts/webhooks';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs';
import type { MailMessage } from '../../mail/types';
import type { DestinationPolicy, Lookup } from './destination-guard';
import { newMessageId, stableMessageId, webhookHeaders } from './standard-webhooks';
import type { ProductSubscriptions, WebhookSubscriptions } from './subscriptions';
import { createFanOut } from './webhook-fanout';
import { webhookDisabledMail } from './webhook-mail';
import { sendAttempt } from './webhook-sender';
import type { WebhookDeliveryRow, WebhooksRepository } from './webhooks.repository';

/**
 * Deliveries on the job queue (docs/webhooks.md, "Retries"): a message is a delivery row per
 * subscribed endpoint and one `webhook.deliver` job per planned attempt. The handler signs, sends
 * one attempt and records it; after a failure it plans the next step of the ladder itself (a new
 * job with its `runAt`), so the ladder and Retry-After are the delivery's, not the queue's retry.
 */

export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';
/** An endpoint whose deliveries all failed for this long is disabled and its owner told. */
export const WEBHOOK_FAILING_LIMIT_MS = 5 * 24 * 3600 * 1000;
/** Messages are kept this long (the purge runs with the deliveries). */
export const WEBHOOK_KEEP_MS = 30 * 24 * 3600 * 1000;
/** After a rotation the previous secret signs too for this long. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3600 * 1000;
/** A receiver's Retry-After is honoured up to this many seconds (the ladder's longest step). */
export const RETRY_AFTER_MAX_SECONDS = 36_000;

interface DeliverPayload {
  deliveryId: number;
  /** The attempt this job is for: a delivery planned anew (resend) makes older jobs stale. */
  plannedAt: string;
}

/**
 * One message to publish. `key` makes its message ids stable (see stableMessageId): for
 * messages a replay may publish again.
 */
export interface OutboundMessage {
  topic: string;
  data: unknown;
  key?: string;
}

/** Why an endpoint was disabled by the server, as the API shows it. */
export const DISABLED_REASONS = {
  gone: 'The receiver answered 410 Gone.',
  failing: 'Every delivery failed for five days.',
} as const;

export function createWebhookDelivery(deps: {
  db: Db;
  repo: WebhooksRepository;
  /** What each product's endpoints subscribe to (cached); told when the server disables one. */
  subscriptions: WebhookSubscriptions;
  jobs: Pick<JobQueue, 'enqueue' | 'register'>;
  policy: DestinationPolicy;
  /** Seconds before each attempt of a message: the first is the first attempt. */
  schedule: readonly number[];
  /** DNS at the edge (tests); the system resolver by default. */
  resolve?: Lookup;
  mail?: { deliver(message: MailMessage): void };
  appUrl: string;
  /** The clock of failing periods (tests move it); attempts are timed by the real clock. */
  now?: () => Date;
  timeoutMs?: number;
}) {
  const { repo, schedule } = deps;
  const now = deps.now ?? (() => new Date());

  const enqueue = (tx: Db, d: Pick<WebhookDeliveryRow, 'id'>, plannedAt: Date, ownerId?: string) =>
    deps.jobs.enqueue<DeliverPayload>(
      WEBHOOK_DELIVER_JOB,
      { deliveryId: d.id, plannedAt: plannedAt.toISOString() },
      { tx, runAt: plannedAt, ownerId, dedupeKey: `webhook:${d.id}:${plannedAt.getTime()}` },
    );

  const planFirstAttempts = createFanOut({ db: deps.db, jobs: deps.jobs, enqueue });

  /** The first attempt of a series is due after the ladder's first step. */
  const firstAttempt = () => new Date(Date.now() + (schedule[0] ?? 0) * 1000);

  async function endpointFailed(endpointId: number, brandId: number) {
    const since = await repo.failing(endpointId, now());
    if (!since || now().getTime() - since.getTime() < WEBHOOK_FAILING_LIMIT_MS) return;
    if (!(await repo.disable(endpointId, DISABLED_REASONS.failing))) return;
    deps.subscriptions.forget(brandId);
    const owner = await repo.ownerOf(brandId);
    const endpoint = await repo.find(endpointId);
    if (owner && endpoint && deps.mail)
      deps.mail.deliver(webhookDisabledMail(owner, endpoint, deps.appUrl));
  }

  async function attempt(payload: DeliverPayload, ownerId: string | null) {
    const delivery = await repo.takeAttempt(payload.deliveryId, new Date(payload.plannedAt));
    if (!delivery) return; // done, or planned anew since (resent, or the next step)
    const endpoint = await repo.find(delivery.endpointId);
    if (!endpoint) return;
    if (!endpoint.enabled) {
      await repo.recordAttempt(delivery.id, {
        status: 'failed',
        step: delivery.step,
        lastStatusCode: null,
        lastResponse: 'The endpoint is disabled.',
        nextAttemptAt: null,
      });
      return;
    }
    const secrets = [endpoint.secret];
    if (
      endpoint.previousSecret &&
      endpoint.previousSecretUntil &&
      endpoint.previousSecretUntil.getTime() > Date.now()
    )
      secrets.push(endpoint.previousSecret);
    const headers = webhookHeaders(secrets, delivery.messageId, new Date(), delivery.payload);
    const result = await sendAttempt({
      url: endpoint.url,
      body: delivery.payload,
      headers,
      policy: deps.policy,
      resolve: deps.resolve,
      timeoutMs: deps.timeoutMs,
    });
    const recorded = { lastStatusCode: result.status, lastResponse: result.excerpt };
    if (result.status !== null && result.status >= 200 && result.status < 300) {
      await repo.recordAttempt(delivery.id, {
        ...recorded,
        status: 'succeeded',
        step: delivery.step,
        nextAttemptAt: null,
      });
      await repo.succeeded(endpoint.id);
      return;
    }
    const next = delivery.step + 1;
    // A refused destination or 410 Gone is not retried; neither is the ladder's last step.
    const final = result.forbidden || result.status === 410 || next >= schedule.length;
    if (final) {
      await repo.recordAttempt(delivery.id, {
        ...recorded,
        status: 'failed',
        step: delivery.step,
        nextAttemptAt: null,
      });
    } else {
      // Retry-After is honoured when it asks for longer than the ladder's step, up to 10 hours.
      const waitSeconds = Math.max(
        schedule[next]!,
        Math.min(result.retryAfterSeconds ?? 0, RETRY_AFTER_MAX_SECONDS),
      );
      const plannedAt = new Date(Date.now() + waitSeconds * 1000);
      await deps.db.transaction(async (tx) => {
        await repo.recordAttempt(
          delivery.id,
          { ...recorded, status: 'pending', step: next, nextAttemptAt: plannedAt },
          tx,
        );
        await enqueue(tx, delivery, plannedAt, ownerId ?? undefined);
      });
    }
    if (result.status === 410) {
      await repo.disable(endpoint.id, DISABLED_REASONS.gone);
      deps.subscriptions.forget(endpoint.brandId);
    } else await endpointFailed(endpoint.id, endpoint.brandId);
  }

  deps.jobs.register<DeliverPayload>(
    WEBHOOK_DELIVER_JOB,
    (job) => attempt(job.payload, job.ownerId),
    // The ladder is planned by the handler; the queue's own retry only covers a lost run.
    { maxAttempts: 3 },
  );

  /** The body of a message: Standard Webhooks' recommended `{type, timestamp, data}`. */
  const bodyOf = (topic: string, data: unknown) =>
    JSON.stringify({ type: topic, timestamp: new Date().toISOString(), data });

  /**
   * Records each message for every endpoint of `subs` subscribed to its topic and plans its first
   * attempt, in `tx`: one insert of deliveries for the whole list. Reads nothing (`subs` was read
   * before the transaction). Answers the deliveries.
   */
  async function publishTo(
    tx: Db,
    subs: ProductSubscriptions,
    messages: readonly OutboundMessage[],
  ) {
    const plannedAt = firstAttempt();
    const rows = messages.flatMap((m) => {
      const endpoints = subs.to(m.topic);
      if (endpoints.length === 0) return [];
      const payload = bodyOf(m.topic, m.data);
      return endpoints.map((e) => ({
        endpoint: e,
        row: {
          endpointId: e.id,
          messageId: m.key ? stableMessageId(e.id, m.topic, m.key) : newMessageId(),
          topic: m.topic,
          payload,
          nextAttemptAt: plannedAt,
        },
      }));
    });
    if (rows.length === 0) return [];
    const made = await repo.insertDeliveries(
      tx,
      rows.map((r) => r.row),
    );
    const owners = new Map(rows.map((r) => [r.endpoint.id, r.endpoint.ownerId]));
    // Each job carries its account: the queue's per-account share keeps one product's burst of
    // messages from delaying other accounts' deliveries (docs/jobs.md, "Fairness"); a burst's
    // jobs are enqueued by a fan-out job, off the publishing path.
    await planFirstAttempts(tx, made, plannedAt, (endpointId) => owners.get(endpointId));
    return made;
  }

  /**
   * Records the messages for the product's subscribed endpoints, in one transaction; answers the
   * deliveries. The subscribers come from the cache: nothing is written, nor read most of the
   * time, when no endpoint listens.
   */
  async function publishBatch(brandId: number, messages: readonly OutboundMessage[]) {
    if (messages.length === 0) return [];
    const subs = await deps.subscriptions.of(brandId);
    if (!messages.some((m) => subs.wants(m.topic))) return [];
    return deps.db.transaction((tx) => publishTo(tx, subs, messages));
  }

  /** A message per item of `data`, of one topic (see publishBatch). */
  const publishMany = (brandId: number, topic: string, data: readonly unknown[]) =>
    publishBatch(
      brandId,
      data.map((d) => ({ topic, data: d })),
    );

  return {
    publishMany,
    publishBatch,
    publishTo,
    subscriptions: deps.subscriptions,

    /** One message of `topic` to the product's subscribed endpoints (see publishBatch). */
    publish(brandId: number, topic: string, data: unknown) {
      return publishMany(brandId, topic, [data]);
    },

    /** "Send test event": a `webhook.test` message to this endpoint alone. */
    async sendTest(endpoint: { id: number; brandId: number }, ownerId: string) {
      return deps.db.transaction(async (tx) => {
        const plannedAt = new Date();
        const [made] = await repo.insertDeliveries(tx, [
          {
            endpointId: endpoint.id,
            messageId: newMessageId(),
            topic: WEBHOOK_TEST_TOPIC,
            payload: bodyOf(WEBHOOK_TEST_TOPIC, {
              webhook_id: endpoint.id,
              brand_id: endpoint.brandId,
              message: 'A test event sent from Signpost.',
            }),
            nextAttemptAt: plannedAt,
          },
        ]);
        await enqueue(tx, made!, plannedAt, ownerId);
        return made!;
      });
    },

    /** "Resend": a new attempt series of the same message (same id, same body). */
    async resend(delivery: WebhookDeliveryRow, ownerId: string) {
      return deps.db.transaction(async (tx) => {
        const plannedAt = new Date();
        const row = await repo.restart(delivery.id, plannedAt, tx);
        await enqueue(tx, delivery, plannedAt, ownerId);
        return row!;
      });
    },

    /** Drops messages older than 30 days; answers how many. */
    purge: () => repo.purge(new Date(now().getTime() - WEBHOOK_KEEP_MS)),
  };
}
export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
