import type {
  SubscriptionWebhookData,
  SubscriptionWebhookState,
  WebhookPlan,
} from '../../../lib/contracts/webhooks';
import type { Db } from '../../db/client';
import { productSubscriptions } from './subscriptions';
import type { TopicPublisher } from './ingest-topics';
import type { WebhooksRepository } from './webhooks.repository';

const SUBSCRIPTION_TOPIC = 'subscription.updated';

/** The fields of an account's subscription row that subscription.updated shows. */
interface SubscriptionFields {
  userId: string;
  planId: number;
  status: string;
  addOnQuantity: number;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  scheduledPlanId: number | null;
  updatedAt: Date;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What changed between two states of a subscription, by the payload's names. */
function subscriptionChanges(before: SubscriptionFields, after: SubscriptionFields) {
  const changed: string[] = [];
  if (before.planId !== after.planId) changed.push('plan');
  if (before.status !== after.status) changed.push('status');
  if (before.addOnQuantity !== after.addOnQuantity) changed.push('add_on_quantity');
  if (
    iso(before.currentPeriodStart) !== iso(after.currentPeriodStart) ||
    iso(before.currentPeriodEnd) !== iso(after.currentPeriodEnd)
  )
    changed.push('current_period');
  if (before.scheduledPlanId !== after.scheduledPlanId) changed.push('scheduled_plan');
  return changed;
}

/**
 * subscription.updated (docs/webhooks.md, "Topics"): a subscription belongs to an account and
 * endpoints to products, so a change is one message to every product of the account with an
 * enabled endpoint subscribed to it. Runs inside the transaction that wrote the subscription:
 * the messages exist exactly when the change commits.
 */
export function createSubscriptionTopic(deps: {
  repo: Pick<WebhooksRepository, 'subscribedOfOwner' | 'plansByIds'>;
  publisher: Pick<TopicPublisher, 'sendIn'>;
}) {
  return async function subscriptionChanged(
    tx: Db,
    before: SubscriptionFields,
    after: SubscriptionFields,
  ) {
    const changed = subscriptionChanges(before, after);
    if (changed.length === 0) return;
    const endpoints = await deps.repo.subscribedOfOwner(after.userId, SUBSCRIPTION_TOPIC, tx);
    if (endpoints.length === 0) return;
    const planIds = [before, after].flatMap((s) => [s.planId, s.scheduledPlanId]);
    const plans = new Map(
      (await deps.repo.plansByIds([...new Set(planIds.filter((id) => id !== null))], tx)).map(
        (p) => [p.id, { code: p.code, name: p.name } satisfies WebhookPlan],
      ),
    );
    const state = (s: SubscriptionFields): SubscriptionWebhookState => ({
      plan: plans.get(s.planId) ?? null,
      status: s.status,
      add_on_quantity: s.addOnQuantity,
      current_period_start: iso(s.currentPeriodStart),
      current_period_end: iso(s.currentPeriodEnd),
      scheduled_plan: s.scheduledPlanId === null ? null : (plans.get(s.scheduledPlanId) ?? null),
    });
    const now = state(after);
    const previous = state(before);
    const byBrand = new Map<number, typeof endpoints>();
    for (const e of endpoints) byBrand.set(e.brandId, [...(byBrand.get(e.brandId) ?? []), e]);
    for (const [brandId, list] of byBrand) {
      const data: SubscriptionWebhookData = {
        brand_id: brandId,
        ...now,
        changed,
        previous,
        at: after.updatedAt.toISOString(),
      };
      const subs = productSubscriptions(list.map((e) => ({ ...e, ownerId: after.userId })));
      await deps.publisher.sendIn(tx, subs, [{ topic: SUBSCRIPTION_TOPIC, data }]);
    }
  };
}
