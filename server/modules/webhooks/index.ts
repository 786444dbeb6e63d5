import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { appUrl, isLoopbackUrl, type Env } from '../../env';
import type { JobQueue } from '../../jobs';
import type { MailMessage } from '../../mail/types';
import type { BrandAccess } from '../brands/brand-access';
import type { Lookup } from './destination-guard';
import { createWebhookDelivery } from './webhook-delivery';
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
 * Outbound webhooks as the container builds them: the endpoints' service, and `publish` for the
 * modules whose events are topics. The destination policy follows APP_URL: loopback (a developer's
 * machine) allows private destinations and plain http, anything else does not.
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
  const delivery = createWebhookDelivery({
    db: deps.db,
    repo,
    jobs: deps.jobs,
    policy,
    schedule: deps.env.WEBHOOK_RETRY_SCHEDULE,
    resolve: deps.resolve,
    mail: deps.mail,
    appUrl: appUrl(deps.env),
    now: deps.now,
  });
  const service = createWebhooksService({ repo, access: deps.access, delivery, policy });
  // Messages older than 30 days go, checked at most once an hour by the node that publishes.
  let lastPurge = 0;
  const publish: PublishWebhook = async (brandId, topic, data) => {
    try {
      await delivery.publishMany(brandId, topic, data);
      if (Date.now() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = Date.now();
        await delivery.purge();
      }
    } catch (err) {
      deps.log.warn({ err, brandId, topic }, 'webhook message not recorded');
    }
  };
  return { service, delivery, publish };
}
