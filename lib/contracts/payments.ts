import { z } from 'zod';
import { MAX_ADD_ONS, MAX_ADD_ONS_MESSAGE } from '../billing';
import { MESSAGES } from '../messages';

/** A database id (PostgreSQL integer): anything larger is refused with a 400, not a 500. */
const recordId = z.number().int().positive().max(2_147_483_647);

/** One add-on line of a purchase; ids come from the server's catalogue (GET v1/plans?type=ADD_IN). */
export const addInSchema = z.object({
  plan_id: recordId,
  plan_price_id: recordId,
  quantity: z.number().int().min(1).max(MAX_ADD_ONS, MAX_ADD_ONS_MESSAGE),
});

/**
 * POST v1/payments/preview-checkout (docs/product/api.md#user-subscription-and-payments): add_ins
 * only when a quantity above 0 is chosen.
 */
export const previewCheckoutBody = z.object({
  plan_id: recordId,
  plan_price_id: recordId,
  add_ins: z.array(addInSchema).max(1).optional(),
});
export type PreviewCheckoutBody = z.infer<typeof previewCheckoutBody>;

/** One invoice line; amounts in cents, a credit is negative; period bounds in epoch seconds. */
export const invoiceLineSchema = z.object({
  description: z.string(),
  amount: z.number().int(),
  quantity: z.number().int(),
  period: z.object({ start: z.number().int(), end: z.number().int() }),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/**
 * The price preview (docs/product/entities.md#price-preview): what is due today and until when the
 * new period runs.
 */
export const pricePreviewSchema = z.object({
  subtotal: z.number().int(),
  total: z.number().int(),
  /** Epoch seconds. */
  period_end: z.number().int(),
  summary: z.object({ has_proration: z.boolean() }),
  lines: z.array(invoiceLineSchema),
});
export type PricePreview = z.infer<typeof pricePreviewSchema>;

/**
 * POST v1/payments/check-out and v1/payments/upgrade. `is_buy_add_ons` and `plan_order` stay on the
 * client (docs/product/entities.md#payment-method-and-checkout-request); the card is one of the
 * user's saved payment methods (default when absent).
 */
export const checkoutBody = previewCheckoutBody.extend({
  payment_method_id: recordId.optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

export const PAYMENT_STATUSES = ['pending', 'requires_action', 'paid', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_KINDS = ['checkout', 'upgrade', 'downgrade', 'add_ons', 'renewal'] as const;

/** One payment of the account (payment history, checkout status). */
export const paymentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  /** Cents charged (0 for a change scheduled at period end). */
  amount: z.number().int(),
  currency: z.string(),
  description: z.string(),
  plan_code: z.string(),
  plan_name: z.string(),
  add_on_quantity: z.number().int(),
  failure_message: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * The answer of check-out and upgrade: the payment as it stands. `pending` settles later and is
 * pushed as PAYMENT_STATUS; `requires_action` waits for the card holder (local: the approve/refuse
 * dialog; Stripe: `client_secret` confirmed with Stripe.js).
 */
export const checkoutResultSchema = z.object({
  payment: paymentSchema,
  client_secret: z.string().nullable(),
  /** A downgrade or cancellation is scheduled for this time (ISO), nothing is charged today. */
  scheduled_at: z.string().nullable(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** POST v1/payments/{id}/authenticate: the local provider's 3-D Secure dialog answer. */
export const authenticateBody = z.object({ approved: z.boolean() });

/** The PAYMENT_STATUS socket payload, emitted to the user's room after the state is committed. */
export const paymentStatusEventSchema = z.object({
  payment_id: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  plan_code: z.string(),
  message: z.string().nullable(),
});
export type PaymentStatusEvent = z.infer<typeof paymentStatusEventSchema>;

/** The USAGE_LIMIT socket payload: the MAU count reached the limit this month. */
export const usageLimitEventSchema = z.object({
  mau_count: z.number().int(),
  mau_limit: z.number().int(),
});
export type UsageLimitEvent = z.infer<typeof usageLimitEventSchema>;

export const CARD_BRANDS = ['visa', 'mastercard', 'amex'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** A saved card: only brand, last four and expiry are stored. */
export const paymentMethodSchema = z.object({
  id: z.number().int(),
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/**
 * POST v1/users/me/payment-methods. The local provider takes the card fields (checked with Luhn
 * and expiry, never stored beyond brand, last four and expiry); with Stripe the browser sends the
 * id of the payment method Stripe Elements created.
 */
export const addPaymentMethodBody = z.union([
  z.object({
    card: z.object({
      number: z
        .string()
        .transform((s) => s.replace(/[\s-]/g, ''))
        .pipe(z.string().regex(/^\d{12,19}$/, MESSAGES.payments.cardNumberFormat)),
      exp_month: z
        .number()
        .int()
        .min(1, MESSAGES.payments.cardExpiryFormat)
        .max(12, MESSAGES.payments.cardExpiryFormat),
      exp_year: z
        .number()
        .int()
        .min(2000, MESSAGES.payments.cardExpiryFormat)
        .max(2100, MESSAGES.payments.cardExpiryFormat),
      cvc: z.string().regex(/^\d{3,4}$/, MESSAGES.payments.cardCvcFormat),
    }),
  }),
  z.object({ payment_method_id: z.string().min(1).max(255) }),
]);
export type AddPaymentMethodBody = z.input<typeof addPaymentMethodBody>;

/** POST v1/payments/setup-intent (docs/product/api.md#user-subscription-and-payments). */
export const setupIntentBody = z.object({ customerId: z.string().trim().optional() });
export const setupIntentSchema = z.object({
  client_secret: z.string(),
  customer_id: z.string(),
  /** 'local' or 'stripe': which card form the dashboard shows. */
  provider: z.enum(['local', 'stripe']),
});
export type SetupIntent = z.infer<typeof setupIntentSchema>;

/** GET v1/users/me/payment-history (docs/product/api.md#user-subscription-and-payments). */
export const paymentHistoryQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(5),
  status: z.enum(PAYMENT_STATUSES).optional(),
  sort_by: z.enum(['created_at']).default('created_at'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
});
export type PaymentHistoryQuery = z.input<typeof paymentHistoryQuery>;

/** GET v1/payments/config: what the dashboard needs to pick its card form. */
export const paymentsConfigSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  publishable_key: z.string().nullable(),
  /** The outbox or the simulator explicitly allowed on a public address: show "Test mode". */
  test_mode: z.boolean(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;
