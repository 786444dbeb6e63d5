import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { appUrl, isLoopbackUrl, type Env } from '../../env';
import type { JobQueue } from '../../jobs';
import type { MailMessage } from '../../mail/types';
import type { BrandAccess } from '../brands/brand-access';
import type { Lookup } from './destination-guard';
import { createIngestTopics, type TopicPublisher } from './ingest-topics';
import { createSubscriptionTopic } from './subscription-topic';
import { createWebhookSubscriptions } from './subscriptions';
import { createWebhookDelivery, type OutboundMessage } from './webhook-delivery';
import { createWebhooksRepository } from './webhooks.repository';
import { createWebhooksService } from './webhooks.service';

const PURGE_EVERY_MS = 3600_000;

/**
 * Publishes messages of a topic of a product (one per item of `data`) to its subscribed
 * endpoints; never throws (docs/webhooks.md).
 */
export type PublishWebhook = (
  brandId: number,
  topic: string,
  data: readonly unknown[],
) => Promise<void>;

/**
 * Outbound webhooks as the container builds them: the endpoints' service, `publish` and `topics`
 * for the modules whose events are topics (`ingest` for the batcher's post-commit step,
 * `subscriptionChanged` for billing's one write of subscriptions, `publisher` for the others).
 * The destination policy follows APP_URL: loopback (a developer's machine) allows private
 * destinations and plain http, anything else does not.
 */
export function createWebhooks(deps: {
  db: Db;
  env: Env;
  access: BrandAccess;
  jobs: Pick<JobQueue, 'enqueue' | 'register'>;
  mail?: { deliver(message: MailMessage): void };
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** DNS at the edge (tests); the system resolver by default. */
  resolve?: Lookup;
  now?: () => Date;
}) {
  const repo = createWebhooksRepository(deps.db);
  const policy = { allowPrivate: isLoopbackUrl(appUrl(deps.env)) };
  // What each product's endpoints subscribe to: every publish asks it first (docs/webhooks.md).
  const subscriptions = createWebhookSubscriptions({ load: (brandId) => repo.enabledOf(brandId) });
  const delivery = createWebhookDelivery({
    db: deps.db,
    repo,
    subscriptions,
    jobs: deps.jobs,
    policy,
    schedule: deps.env.WEBHOOK_RETRY_SCHEDULE,
    resolve: deps.resolve,
    mail: deps.mail,
    appUrl: appUrl(deps.env),
    now: deps.now,
  });
  const service = createWebhooksService({
    repo,
    access: deps.access,
    delivery,
    policy,
    onChanged: subscriptions.forget,
  });
  // Messages older than 30 days go, checked at most once an hour by the node that publishes.
  let lastPurge = 0;
  const purgeNowAndThen = async () => {
    if (Date.now() - lastPurge <= PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    await delivery.purge();
  };
  const topicsOf = (messages: readonly OutboundMessage[]) => [
    ...new Set(messages.map((m) => m.topic)),
  ];
  const publisher: TopicPublisher = {
    subscriptions: subscriptions.of,
    async send(brandId, messages) {
      try {
        await delivery.publishBatch(brandId, messages);
        await purgeNowAndThen();
      } catch (err) {
        deps.log.warn({ err, brandId, topics: topicsOf(messages) }, 'webhook message not recorded');
      }
    },
    async sendIn(tx, subs, messages) {
      try {
        await tx.transaction((savepoint) => delivery.publishTo(savepoint, subs, messages));
      } catch (err) {
        deps.log.warn({ err, topics: topicsOf(messages) }, 'webhook message not recorded');
      }
    },
  };
  const publish: PublishWebhook = (brandId, topic, data) =>
    publisher.send(
      brandId,
      data.map((d) => ({ topic, data: d })),
    );
  const topics = {
    publisher,
    ingest: createIngestTopics(publisher, deps.log),
    subscriptionChanged: createSubscriptionTopic({ repo, publisher }),
  };
  return { service, delivery, publish, topics };
}
