import type { CardBrand, PricePreview } from '../../lib/contracts/payments';

/** Subscription statuses of the state machine (docs/product/entities.md#subscription). */
export type SubscriptionStatus = 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled';

/** One priced item of the server's catalogue, as the provider needs it. */
export interface CatalogueItem {
  planId: number;
  priceId: number;
  code: string;
  name: string;
  /** Cents per month. */
  unitAmount: number;
}

/** The subscription as the provider holds it; the service copies it into its own row. */
export interface ProviderSubscription {
  providerSubscriptionId: string;
  status: SubscriptionStatus;
  /** Catalogue code of the plan now billed (free after a cancellation took effect). */
  planCode: string;
  addOnQuantity: number;
  periodStart: Date;
  periodEnd: Date;
  /** A lower plan (or free) that takes effect at periodEnd; null when nothing is scheduled. */
  scheduledPlanCode: string | null;
}

/**
 * A settled outcome. The local provider produces these itself (asynchronously, after `change`);
 * the Stripe provider maps verified webhooks to them after re-reading the subscription. Both reach
 * the same handler (`onEvent`), which applies each `id` once and ignores events older than the
 * state it holds (`created`).
 */
export type ProviderEvent =
  | {
      id: string;
      created: Date;
      type: 'payment.succeeded';
      customerId: string;
      /** The `paymentRef` returned by `change`. */
      paymentRef: string;
      subscription: ProviderSubscription;
    }
  | {
      id: string;
      created: Date;
      type: 'payment.failed';
      customerId: string;
      paymentRef: string;
      message: string;
    }
  | {
      id: string;
      created: Date;
      type: 'subscription.updated';
      customerId: string;
      subscription: ProviderSubscription;
    };

/** What the account has now and what it asks for. */
export interface ChangeRequest {
  customerId: string;
  current: {
    providerSubscriptionId: string | null;
    plan: CatalogueItem;
    addOnQuantity: number;
    periodStart: Date | null;
    periodEnd: Date | null;
  };
  target: { plan: CatalogueItem; addOnQuantity: number };
  /** The MAU add-on of the catalogue (priced per unit). */
  addOn: CatalogueItem;
  /**
   * now: charge today and start a new period today (new checkout, upgrade, add-ons);
   * period_end: schedule the change for the end of the current period, nothing charged today.
   */
  mode: 'now' | 'period_end';
  now: Date;
}

export interface ChargeRequest extends ChangeRequest {
  /** The provider id of the card to charge. */
  paymentMethodRef: string;
  /** Our payments.id: metadata on the provider's objects and the root of idempotency keys. */
  paymentId: number;
}

export interface ChargeResult {
  paymentRef: string;
  providerSubscriptionId: string;
  /** pending settles later through `onEvent`; requires_action waits for the card holder. */
  status: 'pending' | 'requires_action' | 'paid';
  /** Stripe: the payment intent's client secret for Stripe.js; local: null. */
  clientSecret: string | null;
}

/** A saved card as stored by us: only brand, last four and expiry. */
export interface CardDetails {
  providerRef: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The card fields the local provider takes, or the Stripe payment method id from Elements. */
export type CardInput =
  | { card: { number: string; exp_month: number; exp_year: number; cvc: string } }
  | { payment_method_id: string };

/**
 * A card payment provider (docs/architecture.md#8-billing-and-realtime): the local simulator or
 * Stripe.
 */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /**
   * Stripe renews, switches plans and cancels at period end itself and reports it by webhook;
   * otherwise (local) the payments service renews an elapsed period with `chargeRenewal`.
   */
  readonly renewsItself: boolean;
  /** Local only: an off-session charge for a renewal; the failure message, or null when paid. */
  chargeRenewal?(paymentMethodRef: string, amount: number): Promise<string | null>;
  /** The provider customer of a user; created when `existing` is null. */
  ensureCustomer(
    user: { id: string; email: string; name: string },
    existing: string | null,
  ): Promise<string>;
  createSetupIntent(customerId: string): Promise<{ clientSecret: string }>;
  /** Validates and attaches a card; throws AppError 4xx with a message a person can act on. */
  attachCard(customerId: string, input: CardInput): Promise<CardDetails>;
  detachCard(providerRef: string): Promise<void>;
  setDefaultCard(customerId: string, providerRef: string): Promise<void>;
  /** The price preview of a change (docs/product/entities.md#price-preview), computed the way Stripe prorates. */
  preview(req: ChangeRequest): Promise<PricePreview>;
  /** Starts the change; the settled outcome arrives through the `onEvent` handler. */
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /**
   * Calls off the change scheduled for the end of the period (a lower plan, or a cancellation):
   * the subscription renews as it is. `key` makes the writes idempotent.
   */
  keepPlan(providerSubscriptionId: string | null, key: string): Promise<void>;
  /** Local provider only: the card holder's answer in the authentication dialog. */
  authenticate?(paymentRef: string, approved: boolean): Promise<void>;
  /** Registers the one handler every settled outcome goes through. */
  onEvent(handler: (event: ProviderEvent) => Promise<void>): void;
  /** Stripe only: verifies the signature on the raw body and maps the event (null: ignored type). */
  parseWebhook?(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent | null>;
  /** Waits for asynchronous work still in flight (tests, shutdown). */
  drain(): Promise<void>;
}
