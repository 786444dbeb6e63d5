import type { Db } from '../../db/client';
import type { ProviderEvent, ProviderSubscription } from '../../payments/types';
import type { Catalogue } from './catalogue';
import type { BillingCore } from './core';
import { defaultAfterCharge } from './default-card';
import type { PaymentRow, SubscriptionRow } from './payments.repository';

/** How long an outcome naming no payment of ours is retried before its state is applied alone. */
const UNMATCHED_RETRY_MS = 60 * 60 * 1000;

/**
 * The one handler of settled provider outcomes (local simulator or Stripe webhooks): each event
 * id is applied once, in one transaction with its effects; PAYMENT_STATUS goes out only after
 * the commit.
 */
export function createProviderEvents(core: BillingCore) {
  const { db, repo, provider, now } = core.deps;

  /** Applies a provider subscription unless the account already holds a newer state. */
  async function applySubscription(
    tx: Db,
    cat: Catalogue,
    row: SubscriptionRow,
    s: ProviderSubscription,
    created: Date,
  ) {
    if (row.providerStateAt && created < row.providerStateAt) return;
    const plan = cat.planByCode(s.planCode);
    if (!plan) throw new Error(`provider subscription on unknown plan ${s.planCode}`);
    const scheduled = s.scheduledPlanCode ? cat.planByCode(s.scheduledPlanCode) : undefined;
    const free = plan.kind === 'FREE';
    await repo.updateSubscription(
      row.userId,
      {
        planId: plan.id,
        status: s.status,
        addOnQuantity: free ? 0 : s.addOnQuantity,
        currentPeriodStart: free ? null : s.periodStart,
        currentPeriodEnd: free ? null : s.periodEnd,
        scheduledPlanId: scheduled?.id ?? null,
        providerSubscriptionId: s.providerSubscriptionId,
        providerStateAt: created,
      },
      { tx },
    );
  }

  return async function handleProviderEvent(e: ProviderEvent) {
    const cat = await core.catalogue();
    const outcome = await db.transaction(async (tx) => {
      if (!(await repo.recordEvent(e.id, e.type, { tx }))) return null;
      let userId: string | undefined;
      let paymentId: number | undefined;
      if (e.type === 'subscription.updated') {
        userId = await repo.userIdByCustomer(e.customerId, { tx });
        if (!userId) return null; // not one of our customers
      } else {
        const payment = await repo.findPaymentByRef(e.paymentRef, { tx });
        if (payment) {
          userId = payment.userId;
          paymentId = payment.id;
        } else if (now().getTime() - e.created.getTime() < UNMATCHED_RETRY_MS) {
          // Thrown so the delivery is retried: the reference is stored right after the charge
          // starts, and a fast provider can answer before that.
          throw new Error(`no payment with provider reference ${e.paymentRef}`);
        } else {
          // Still unmatched long after (a change made at Stripe, a charge whose answer was
          // lost): only the subscription state it carries is applied.
          if (e.type === 'payment.failed') return null;
          userId = await repo.userIdByCustomer(e.customerId, { tx });
          if (!userId) return null;
        }
      }
      const row = await repo.subscriptionOf(userId, { tx, lock: true });
      if (!row) throw new Error(`no subscription for user ${userId}`);
      let settled: PaymentRow | undefined;
      if (e.type === 'payment.failed') {
        // A failed payment leaves the plan as it is (an unmatched one returned above).
        settled = await repo.updatePayment(
          paymentId!,
          { status: 'failed', failureMessage: e.message },
          { onlyFrom: ['pending', 'requires_action'], tx },
        );
      } else {
        await applySubscription(tx, cat, row, e.subscription, e.created);
        if (e.type === 'payment.succeeded' && paymentId)
          settled = await repo.updatePayment(
            paymentId,
            { status: 'paid', failureMessage: null },
            { onlyFrom: ['pending', 'requires_action', 'failed'], tx },
          );
      }
      // A charge with a saved card settled: the default card follows what worked.
      const newDefault =
        settled?.cardLast4 != null
          ? await defaultAfterCharge(repo, tx, {
              userId,
              methodId: settled.paymentMethodId,
              paid: settled.status === 'paid',
            })
          : undefined;
      const after = (await repo.subscriptionOf(userId, { tx }))!;
      const payment = paymentId ? await repo.findPayment(userId, paymentId, { tx }) : undefined;
      return {
        userId,
        payment,
        planCode: (cat.plan(after.planId) ?? cat.free).code,
        newDefault,
      };
    });
    if (!outcome) return;
    core.usage.clear(outcome.userId);
    if (outcome.payment)
      core.emitStatus(outcome.userId, {
        payment_id: outcome.payment.payment.id,
        status: outcome.payment.payment.status,
        plan_code: outcome.planCode,
        message: outcome.payment.payment.failureMessage,
      });
    // The event is applied once: a provider that cannot be told now keeps its own default, and
    // our row (what renewals and the dashboard read) is already right.
    if (outcome.newDefault)
      await provider
        .setDefaultCard(e.customerId, outcome.newDefault.providerRef)
        .catch((err: unknown) => core.deps.log?.warn({ err }, 'provider default card not updated'));
  };
}
