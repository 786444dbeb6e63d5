import type { Payment } from '../../../lib/contracts/payments';
import { createCards } from './cards';
import { createCheckout } from './checkout';
import { createBillingCore, type BillingDeps } from './core';
import { toPaymentDto } from './dto';
import { createProviderEvents } from './provider-events';

export type { BillingUser, SubscriptionState } from './core';

/**
 * Billing, the one entry point: one subscription state machine fed by the provider's settled
 * outcomes (local simulator or Stripe webhooks), plan changes decided on the server from its own
 * catalogue, saved cards and payment history. The parts:
 * - `core.ts`: catalogue, the subscription as of now (`settle`, with `renewals.ts`), usage,
 *   the provider customer;
 * - `checkout.ts`: preview, change, keep the plan, the local 3-D Secure answer;
 * - `cards.ts`: saved cards and setup intents;
 * - `provider-events.ts`: settled outcomes, applied once each.
 */
export function createPaymentsService(deps: BillingDeps) {
  const core = createBillingCore(deps);
  const { repo } = deps;
  return {
    usage: core.usage,
    settle: core.settle,
    handleProviderEvent: createProviderEvents(core),
    ...createCheckout(core),
    payment: core.paymentDto,
    ...createCards(core),

    async history(
      userId: string,
      q: { offset: number; limit: number; status?: Payment['status']; sort_order: 'asc' | 'desc' },
    ) {
      const { rows, total } = await repo.history(userId, {
        offset: q.offset,
        limit: q.limit,
        status: q.status,
        order: q.sort_order,
      });
      return { data: rows.map(toPaymentDto), total };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
