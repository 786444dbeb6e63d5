import type { CustomerWebhookData, EventWebhookData } from '../../../lib/contracts/webhooks';
import type { EventRow } from '../../analytics/types';
import type { Db } from '../../db/client';
import type { ChangedProfile, ProfileWatch } from '../profiles/profile-changes';
import type { OutboundMessage } from './webhook-delivery';
import { productSubscriptions, type ProductSubscriptions } from './subscriptions';

const NO_SUBSCRIPTIONS = productSubscriptions([]);

/**
 * The topics of ingestion (docs/webhooks.md, "Topics"): customer.created and customer.updated
 * from the profile upsert of a stored batch, inside its transaction, and event.<code> for the
 * batch's events whose code an endpoint subscribes to. Each asks the subscription cache first:
 * a product nobody listens to costs no read per event and no write.
 */

/** Publishing as the topics of other modules use it; `send` and `sendIn` never throw. */
export interface TopicPublisher {
  /** What the product's enabled endpoints subscribe to (cached). */
  subscriptions(brandId: number): Promise<ProductSubscriptions>;
  /** Records the messages for the product's subscribed endpoints, in a transaction of its own. */
  send(brandId: number, messages: readonly OutboundMessage[]): Promise<void>;
  /**
   * Records them inside `tx`, under a savepoint (a failure loses the messages, never the
   * caller's transaction), for the subscribers `subs` read before the transaction.
   */
  sendIn(tx: Db, subs: ProductSubscriptions, messages: readonly OutboundMessage[]): Promise<void>;
}

export function customerData(p: ChangedProfile, changed: string[]): CustomerWebhookData {
  return {
    customer_id: p.customerKey,
    profile_id: p.id,
    email: p.email,
    name: p.name,
    data_attributes: p.dataAttributes,
    metadata: p.metadata,
    first_seen: p.firstSeen.toISOString(),
    last_seen: p.lastSeen.toISOString(),
    changed,
  };
}

function eventData(row: EventRow): EventWebhookData {
  return {
    event_id: row.messageId,
    code: row.event,
    type: row.type,
    user_id: row.userId,
    anonymous_id: row.anonymousId,
    properties: row.properties,
    url: row.url,
    at: row.timestamp.toISOString(),
    received_at: row.receivedAt.toISOString(),
  };
}

export function createIngestTopics(
  pub: TopicPublisher,
  log: { warn(obj: object, msg: string): void },
) {
  /** The product's subscriptions; none when they cannot be read (ingestion goes on). */
  const subscriptionsOf = (brandId: number) =>
    pub.subscriptions(brandId).catch((err: unknown) => {
      log.warn({ err, brandId }, 'webhook subscriptions not read: no webhooks for this batch');
      return NO_SUBSCRIPTIONS;
    });
  return {
    /** The watch of one product's profile upsert; undefined when no endpoint listens. */
    async profileWatch(brandId: number): Promise<ProfileWatch | undefined> {
      const subs = await subscriptionsOf(brandId);
      const created = subs.wants('customer.created');
      const updated = subs.wants('customer.updated');
      if (!created && !updated) return undefined;
      return {
        created,
        updated,
        record: (tx, changes) =>
          pub.sendIn(
            tx,
            subs,
            changes.map((c) => ({
              topic: `customer.${c.kind}`,
              data: customerData(c.profile, c.changed),
            })),
          ),
      };
    },

    /**
     * event.<code> messages of a stored batch: one write per product whose endpoints subscribe
     * to a code of it. Keyed by the event's message id: a batch stored twice (a client's retry,
     * a replay after a failure) sends the same webhook-id, which receivers de-duplicate.
     */
    async events(rows: readonly EventRow[]) {
      const byBrand = new Map<number, EventRow[]>();
      for (const row of rows) {
        const list = byBrand.get(row.brandId);
        if (list) list.push(row);
        else byBrand.set(row.brandId, [row]);
      }
      for (const [brandId, list] of byBrand) {
        const subs = await subscriptionsOf(brandId);
        if (subs.eventCodes.size === 0) continue;
        const messages: OutboundMessage[] = [];
        for (const row of list)
          if (subs.eventCodes.has(row.event))
            messages.push({
              topic: `event.${row.event}`,
              data: eventData(row),
              key: `${brandId}:${row.messageId}`,
            });
        if (messages.length > 0) await pub.send(brandId, messages);
      }
    },
  };
}
export type IngestTopics = ReturnType<typeof createIngestTopics>;
