import { randomBytes } from 'node:crypto';
import type { PricePreview } from '../../lib/contracts/payments';
import {
  addBillingMonth,
  cardBrandOf,
  expiryValid,
  luhnValid,
  testCardBehaviour,
} from '../../lib/billing';
import { pricePreviewOf } from '../../lib/billing-preview';
import { MESSAGES } from '../../lib/messages';
import { AppError } from '../errors';
import type {
  CardDetails,
  CardInput,
  ChangeRequest,
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  ProviderEvent,
  ProviderSubscription,
} from './types';

/** How a simulated card behaves when charged; encoded in its providerRef so it survives restarts. */
type CardBehaviour = 'ok' | 'decline' | 'auth';

const behaviourOfRef = (ref: string): CardBehaviour => {
  const m = /^pm_local_(ok|decline|auth)_/.exec(ref);
  return (m?.[1] as CardBehaviour | undefined) ?? 'ok';
};

/** Charges remembered for idempotent retries (a Map keeps insertion order: oldest go first). */
const MAX_REMEMBERED_CHARGES = 10_000;

const rand = (bytes = 8) => randomBytes(bytes).toString('hex');

/** The Stripe-like price preview of a change (the math lives in lib, shared with the mock API). */
export const localPreview = (req: ChangeRequest): PricePreview => pricePreviewOf(req);

interface PendingCharge {
  req: ChargeRequest;
  result: ChargeResult;
}

/**
 * The default payment provider: simulates customers, cards and charges with no network. Charges
 * settle asynchronously through the same handler a Stripe webhook reaches.
 */
export function createLocalProvider(opts: {
  now: () => Date;
  /** Delay before a charge settles (default 30 ms). */
  settleDelayMs?: number;
  /** Where a handler failure that outlived its retries is reported. */
  onError?: (err: unknown, event: ProviderEvent) => void;
}): PaymentProvider {
  const delay = opts.settleDelayMs ?? 30;
  let handler: ((event: ProviderEvent) => Promise<void>) | null = null;
  const inFlight = new Set<Promise<void>>();
  // Idempotency: one charge per payment id, whatever the number of calls.
  const charges = new Map<number, PendingCharge>();
  const awaitingAuth = new Map<string, PendingCharge>();

  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

  /** Delivers like a webhook: later, and again on failure (the payment row may not be visible yet). */
  function deliver(event: ProviderEvent) {
    const job = (async () => {
      await sleep(delay);
      for (let attempt = 0; ; attempt++) {
        try {
          if (!handler) throw new Error('no payment event handler registered');
          await handler(event);
          return;
        } catch (err) {
          if (attempt >= 5) {
            opts.onError?.(err, event);
            return;
          }
          await sleep(delay * 2 ** attempt);
        }
      }
    })();
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
  }

  function subscriptionAfter(req: ChargeRequest, id: string): ProviderSubscription {
    return {
      providerSubscriptionId: id,
      status: 'active',
      planCode: req.target.plan.code,
      addOnQuantity: req.target.addOnQuantity,
      periodStart: req.now,
      periodEnd: addBillingMonth(req.now),
      scheduledPlanCode: null,
    };
  }

  function settle(p: PendingCharge, failure: string | null) {
    const base = {
      id: `evt_local_${rand()}`,
      created: opts.now(),
      customerId: p.req.customerId,
      paymentRef: p.result.paymentRef,
    };
    deliver(
      failure
        ? { ...base, type: 'payment.failed', message: failure }
        : {
            ...base,
            type: 'payment.succeeded',
            subscription: subscriptionAfter(p.req, p.result.providerSubscriptionId),
          },
    );
  }

  return {
    name: 'local',
    renewsItself: false,
    async chargeRenewal(paymentMethodRef) {
      const behaviour = behaviourOfRef(paymentMethodRef);
      if (behaviour === 'decline') return MESSAGES.payments.cardDeclined;
      // Nobody is there to answer an authentication request off-session.
      if (behaviour === 'auth') return MESSAGES.payments.renewalNeedsAuthentication;
      return null;
    },
    async ensureCustomer(_user, existing) {
      return existing ?? `cus_local_${rand()}`;
    },
    async createSetupIntent(_customerId) {
      return { clientSecret: `seti_local_${rand()}_secret_${rand()}` };
    },
    async attachCard(_customerId, input: CardInput): Promise<CardDetails> {
      if (!('card' in input))
        throw new AppError(400, 'card_required', MESSAGES.payments.cardDetailsRequired);
      const digits = input.card.number.replace(/[\s-]/g, '');
      if (!luhnValid(digits))
        throw new AppError(400, 'card_invalid', MESSAGES.payments.cardInvalid);
      const brand = cardBrandOf(digits);
      if (!brand) throw new AppError(400, 'card_brand', MESSAGES.payments.cardBrand);
      if (!expiryValid(input.card.exp_month, input.card.exp_year, opts.now()))
        throw new AppError(400, 'card_expired', MESSAGES.payments.cardExpired);
      // Like Stripe's setup check: `4000 0000 0000 0002` is declined here, before anything is
      // stored; the other test cards save and behave as their number says when charged.
      const behaviour = testCardBehaviour(digits);
      if (behaviour === 'refuse')
        throw new AppError(400, 'card_declined', MESSAGES.payments.cardDeclined);
      const year = input.card.exp_year < 100 ? 2000 + input.card.exp_year : input.card.exp_year;
      return {
        providerRef: `pm_local_${behaviour}_${rand()}`,
        brand,
        last4: digits.slice(-4),
        expMonth: input.card.exp_month,
        expYear: year,
      };
    },
    async detachCard() {},
    // The schedule lives only in our subscription row, which the service clears.
    async keepPlan() {},
    async setDefaultCard() {},
    async preview(req) {
      return localPreview(req);
    },
    async charge(req) {
      const known = charges.get(req.paymentId);
      if (known) return known.result;
      const subscriptionId = req.current.providerSubscriptionId ?? `sub_local_${rand()}`;
      if (req.mode === 'period_end') {
        // A scheduled change charges nothing: settled at once, the caller records it.
        const result: ChargeResult = {
          paymentRef: `sched_local_${req.paymentId}_${rand(4)}`,
          providerSubscriptionId: subscriptionId,
          status: 'paid',
          clientSecret: null,
        };
        charges.set(req.paymentId, { req, result });
        return result;
      }
      const behaviour = behaviourOfRef(req.paymentMethodRef);
      const result: ChargeResult = {
        paymentRef: `pi_local_${req.paymentId}_${rand(4)}`,
        providerSubscriptionId: subscriptionId,
        status: behaviour === 'auth' ? 'requires_action' : 'pending',
        clientSecret: null,
      };
      const pending = { req, result };
      charges.set(req.paymentId, pending);
      // Idempotency only matters for retries of recent charges: keep the newest ones.
      if (charges.size > MAX_REMEMBERED_CHARGES) charges.delete(charges.keys().next().value!);
      if (behaviour === 'auth') awaitingAuth.set(result.paymentRef, pending);
      else settle(pending, behaviour === 'decline' ? MESSAGES.payments.cardDeclined : null);
      return result;
    },
    async authenticate(paymentRef, approved) {
      const pending = awaitingAuth.get(paymentRef);
      if (!pending) throw new AppError(404, 'not_found', MESSAGES.payments.paymentNotFound);
      awaitingAuth.delete(paymentRef);
      settle(pending, approved ? null : MESSAGES.payments.authenticationRefused);
    },
    onEvent(h) {
      handler = h;
    },
    async drain() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
