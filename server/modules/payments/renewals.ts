import { addBillingMonth } from '../../../lib/billing';
import { MESSAGES } from '../../../lib/messages';
import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../payments/types';
import { describePayment, type Catalogue } from './catalogue';
import { defaultAfterCharge } from './default-card';
import type { PaymentsRepository, SubscriptionRow } from './payments.repository';

/** Bounded: an account idle for years renews at most three years of periods at once. */
const MAX_PERIODS_AT_ONCE = 36;

/**
 * Renews every elapsed paid period of a locked subscription row, up to `at`: each renewal is
 * charged off-session to the default card and recorded as a payment; without a card, or when the
 * card fails, the plan ends with its period and the account is back on Free. A change scheduled
 * for the period end takes effect here. Runs inside the caller's transaction.
 */
export async function renewElapsedPeriods(opts: {
  tx: Db;
  repo: PaymentsRepository;
  provider: PaymentProvider;
  cat: Catalogue;
  row: SubscriptionRow;
  at: Date;
}): Promise<SubscriptionRow> {
  const { tx, repo, provider, cat, at } = opts;
  const userId = opts.row.userId;
  let r = opts.row;
  for (let i = 0; i < MAX_PERIODS_AT_ONCE && r.currentPeriodEnd && r.currentPeriodEnd <= at; i++) {
    const end: Date = r.currentPeriodEnd;
    const next = (r.scheduledPlanId && cat.plan(r.scheduledPlanId)) || cat.plan(r.planId);
    const price = next && cat.priceOf(next.id);
    const newEnd = addBillingMonth(end);
    const card = await repo.defaultMethod(userId, { tx });
    const amount = (price?.unitAmount ?? 0) + r.addOnQuantity * cat.addOn.price.unitAmount;
    const paid = next && next.kind !== 'FREE' && price && price.unitAmount > 0;
    const failure = !paid
      ? null
      : !card
        ? MESSAGES.payments.noCardForRenewal
        : ((await provider.chargeRenewal?.(card.providerRef, amount)) ?? null);
    if (paid && next)
      await repo.insertPayment(
        {
          userId,
          kind: 'renewal',
          status: failure ? 'failed' : 'paid',
          failureMessage: failure,
          planId: next.id,
          addOnQuantity: r.addOnQuantity,
          amount,
          description: describePayment('renewal', next, r.addOnQuantity),
          periodStart: end,
          periodEnd: newEnd,
          paymentMethodId: card?.id ?? null,
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
          createdAt: end,
          updatedAt: end,
        },
        { tx },
      );
    // A declined renewal leaves no failing card as the default (docs/billing.md#default-card).
    if (paid && failure && card)
      await defaultAfterCharge(repo, tx, { userId, methodId: card.id, paid: false });
    if (!paid || failure) {
      return (await repo.updateSubscription(
        userId,
        {
          planId: !failure && next && next.kind !== 'FREE' && !price ? next.id : cat.free.id,
          addOnQuantity: 0,
          currentPeriodStart: null,
          currentPeriodEnd: null,
          scheduledPlanId: null,
          status: 'active',
        },
        { tx },
      ))!;
    }
    r = (await repo.updateSubscription(
      userId,
      {
        planId: next!.id,
        currentPeriodStart: end,
        currentPeriodEnd: newEnd,
        scheduledPlanId: null,
      },
      { tx },
    ))!;
  }
  return r;
}
