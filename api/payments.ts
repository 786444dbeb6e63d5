import type {
  AddPaymentMethodBody,
  CheckoutBody,
  CheckoutResult,
  Payment,
  PaymentHistoryQuery,
  PaymentMethod,
  PaymentsConfig,
  PreviewCheckoutBody,
  PricePreview,
  SetupIntent,
} from '@/lib/contracts/payments';
import type { MessageResult } from './auth';
import { http, unwrap } from './http';
import type { Page } from './types';

/** GET /v1/payments/config: which card form to show (local or Stripe Elements). */
export const getPaymentsConfig = (signal?: AbortSignal) =>
  unwrap<PaymentsConfig>(http.get('/v1/payments/config', { signal, skipAuth: true }));

/**
 * POST /v1/payments/preview-checkout: what the change costs today
 * (docs/product/entities.md#price-preview).
 */
export const previewCheckout = (body: PreviewCheckoutBody, signal?: AbortSignal) =>
  unwrap<PricePreview>(http.post('/v1/payments/preview-checkout', body, { signal }));

/** POST /v1/payments/check-out: a new subscription (docs/product/entities.md#checkout-kind). */
export const checkOut = (body: CheckoutBody) =>
  unwrap<CheckoutResult>(http.post('/v1/payments/check-out', body));

/** POST /v1/payments/upgrade: a higher plan or add-ons on the current plan. */
export const upgrade = (body: CheckoutBody) =>
  unwrap<CheckoutResult>(http.post('/v1/payments/upgrade', body));

/** POST /v1/payments/keep-plan: calls off the change scheduled for the period end. */
export const keepPlan = () => unwrap<MessageResult>(http.post('/v1/payments/keep-plan', {}));

/** GET /v1/payments/{id}: one payment as it stands (the socket pushes changes too). */
export const getPayment = (id: number, signal?: AbortSignal) =>
  unwrap<Payment>(http.get(`/v1/payments/${id}`, { signal }));

/** POST /v1/payments/{id}/authenticate: the card holder's answer (local provider). */
export const authenticatePayment = (id: number, approved: boolean) =>
  unwrap<Payment>(http.post(`/v1/payments/${id}/authenticate`, { approved }));

/** POST /v1/payments/customer: the user's card-provider customer, created on first need. */
export const ensureCustomer = () =>
  unwrap<{ customer_id: string }>(http.post('/v1/payments/customer', {}));

/**
 * POST /v1/payments/setup-intent (docs/product/api.md#user-subscription-and-payments); needs the
 * customer id (docs/product/validation.md#59-other-rules).
 */
export const createSetupIntent = (customerId: string) =>
  unwrap<SetupIntent>(http.post('/v1/payments/setup-intent', { customerId }));

/** GET /v1/users/me/payment-methods: saved cards, default first (spec: data.data.data). */
export const listPaymentMethods = (signal?: AbortSignal) =>
  unwrap<Page<PaymentMethod>>(http.get('/v1/users/me/payment-methods', { signal }));

/** POST /v1/users/me/payment-methods: card fields (local) or a Stripe payment method id. */
export const addPaymentMethod = (body: AddPaymentMethodBody) =>
  unwrap<PaymentMethod>(http.post('/v1/users/me/payment-methods', body));

export const deletePaymentMethod = (id: number) =>
  unwrap<MessageResult>(http.delete(`/v1/users/me/payment-methods/${id}`));

export const setDefaultPaymentMethod = (id: number) =>
  unwrap<MessageResult>(http.put(`/v1/users/me/payment-methods/set-default/${id}`));

/**
 * GET /v1/users/me/payment-history (docs/product/api.md#user-subscription-and-payments: limit 5,
 * status paid, newest first).
 */
export const getPaymentHistory = (params: PaymentHistoryQuery, signal?: AbortSignal) =>
  unwrap<Page<Payment>>(http.get('/v1/users/me/payment-history', { params, signal }));
