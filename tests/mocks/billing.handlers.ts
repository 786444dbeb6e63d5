import { http, type HttpHandler } from 'msw';
import {
  addBillingMonth,
  cardBrandOf,
  decideChange,
  expiryValid,
  luhnValid,
  MAX_ADD_ONS,
  MAX_ADD_ONS_MESSAGE,
  testCardBehaviour,
} from '@/lib/billing';
import { pricePreviewOf } from '@/lib/billing-preview';
import { idParam } from '@/lib/contracts/common';
import {
  addPaymentMethodBody,
  authenticateBody,
  checkoutBody,
  paymentHistoryQuery,
  previewCheckoutBody,
  setupIntentBody,
  type Payment,
  type PaymentMethod,
  type PreviewCheckoutBody,
} from '@/lib/contracts/payments';
import type { PlanCode } from '@/lib/constants';
import { MESSAGES } from '@/lib/messages';
import {
  ADD_ON_PLAN,
  billingOf,
  db,
  planByCode,
  planOf,
  PLANS,
  settleSubscription,
  type MockPayment,
  type MockPaymentMethod,
  type MockUser,
} from './db';
import { apiError, body, currentUser, ok, unauthorized, validate } from './utils';

/** How long a mock payment stays pending before a read settles it (the UI shows "Processing"). */
export const MOCK_SETTLE_MS = 300;

const item = (code: string) => {
  const plan = planByCode(code) ?? PLANS[0]!;
  return { name: plan.name, unitAmount: plan.plan_prices[0]?.unit_amount ?? 0 };
};

const publicMethod = ({ owner_id: _o, behaviour: _b, ...card }: MockPaymentMethod): PaymentMethod =>
  card;
const publicPayment = ({
  owner_id: _o,
  settle_at: _s,
  outcome: _out,
  target: _t,
  period_end: _p,
  ...payment
}: MockPayment): Payment => payment;

const methodsOf = (user: MockUser) =>
  db.paymentMethods
    .filter((m) => m.owner_id === user.id)
    .sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.id - b.id);

/** As the server's plan(): catalogue ids only, then the shared change rules. */
function planChange(user: MockUser, input: PreviewCheckoutBody) {
  settleSubscription(user);
  const target = PLANS.find((p) => p.id === input.plan_id);
  if (!target || target.kind === 'ADD_IN')
    return { error: apiError(400, 'unknown_plan', MESSAGES.payments.unknownPlan) } as const;
  if (target.kind === 'ENTERPRISE' || target.contact_sales)
    return { error: apiError(400, 'contact_sales', MESSAGES.payments.enterprise) } as const;
  if (target.plan_prices[0]?.id !== input.plan_price_id)
    return { error: apiError(400, 'unknown_plan', MESSAGES.payments.unknownPlan) } as const;
  let requested = 0;
  for (const a of input.add_ins ?? []) {
    if (a.plan_id !== ADD_ON_PLAN.id || a.plan_price_id !== ADD_ON_PLAN.plan_prices[0]?.id)
      return { error: apiError(400, 'unknown_plan', MESSAGES.payments.unknownPlan) } as const;
    requested += a.quantity;
  }
  if (requested > MAX_ADD_ONS)
    return { error: apiError(400, 'too_many_add_ons', MAX_ADD_ONS_MESSAGE) } as const;
  const b = billingOf(user);
  const current = planOf(user);
  const toRule = (p: typeof current) => ({ id: p.id, kind: p.kind, orderNumber: p.order_number });
  const decision = decideChange({
    current: toRule(current),
    currentPaid: (current.plan_prices[0]?.unit_amount ?? 0) > 0 && b.periodEnd !== null,
    target: toRule(target),
    owned: b.addOnQuantity,
    requested,
  });
  if ('error' in decision)
    return {
      error: apiError(decision.error.status, decision.error.code, decision.error.message),
    } as const;
  const paid = decision.kind !== 'checkout';
  const preview = pricePreviewOf({
    current: {
      plan: item(current.code),
      addOnQuantity: b.addOnQuantity,
      periodStart: paid && b.periodStart ? new Date(b.periodStart) : null,
      periodEnd: paid && b.periodEnd ? new Date(b.periodEnd) : null,
    },
    target: { plan: item(target.code), addOnQuantity: decision.quantity },
    addOn: item(ADD_ON_PLAN.code),
    mode: decision.mode,
    now: new Date(),
  });
  return { decision, preview, target } as const;
}

/** The saved card each charge was made with (the server's payments.payment_method_id). */
const chargedWith = new WeakMap<MockPayment, number>();

const hasWorked = (card: MockPaymentMethod) =>
  db.payments.some((p) => p.status === 'paid' && p.card && chargedWith.get(p) === card.id);

/** As the server's defaultAfterCharge (docs/billing.md#default-card). */
function defaultAfterCharge(payment: MockPayment) {
  const id = chargedWith.get(payment);
  const mine = db.paymentMethods.filter((m) => m.owner_id === payment.owner_id);
  const card = mine.find((m) => m.id === id);
  if (!card || !payment.card) return;
  const current = mine.find((m) => m.is_default);
  const makeDefault = (next: MockPaymentMethod | undefined) => {
    for (const m of mine) m.is_default = m === next;
  };
  if (payment.status === 'paid') {
    if (current !== card && (!current || !hasWorked(current))) makeDefault(card);
  } else if (current === card) {
    const worked = mine
      .filter((m) => m !== card && hasWorked(m))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
    makeDefault(worked[0]);
  }
}

/** A pending payment whose time has come settles on read, like the local provider's webhook. */
function settlePayment(payment: MockPayment, now = Date.now()): void {
  if (payment.status !== 'pending' || payment.settle_at > now) return;
  if (payment.outcome) {
    Object.assign(payment, { status: 'failed', failure_message: payment.outcome });
    defaultAfterCharge(payment);
    return;
  }
  payment.status = 'paid';
  defaultAfterCharge(payment);
  const user = db.users.find((u) => u.id === payment.owner_id);
  if (!user) return;
  user.plan = payment.target.plan;
  Object.assign(billingOf(user), {
    addOnQuantity: payment.target.addOnQuantity,
    periodStart: new Date(now).toISOString(),
    periodEnd: payment.period_end,
    scheduledPlan: null,
  });
}

/** Settles the user's payments whose time has come (read paths call it first). */
export function settleMockPayments(user: MockUser): void {
  db.payments.filter((p) => p.owner_id === user.id).forEach((p) => settlePayment(p));
}

function ownPayment(request: Request, params: unknown) {
  const user = currentUser(request);
  if (!user) return { response: unauthorized(request) } as const;
  const id = validate(idParam, params);
  const payment = id.ok
    ? db.payments.find((p) => p.id === id.data.id && p.owner_id === user.id)
    : undefined;
  if (!payment)
    return { response: apiError(404, 'not_found', MESSAGES.payments.paymentNotFound) } as const;
  settlePayment(payment);
  return { user, payment } as const;
}

function ownMethod(request: Request, params: unknown) {
  const user = currentUser(request);
  if (!user) return { response: unauthorized(request) } as const;
  const id = validate(idParam, params);
  const card = id.ok
    ? db.paymentMethods.find((m) => m.id === id.data.id && m.owner_id === user.id)
    : undefined;
  if (!card)
    return { response: apiError(404, 'not_found', MESSAGES.payments.cardNotFound) } as const;
  return { user, card } as const;
}

async function change(request: Request) {
  const user = currentUser(request);
  if (!user) return unauthorized(request);
  const parsed = await body(request, checkoutBody);
  if (!parsed.ok) return parsed.response;
  const planned = planChange(user, parsed.data);
  if ('error' in planned) return planned.error;
  if (db.payments.some((p) => p.owner_id === user.id && p.status === 'pending'))
    return apiError(409, 'payment_in_progress', MESSAGES.payments.inProgress);
  const { decision, preview, target } = planned;
  const cards = methodsOf(user);
  const card =
    parsed.data.payment_method_id === undefined
      ? cards.find((c) => c.is_default)
      : cards.find((c) => c.id === parsed.data.payment_method_id);
  if (parsed.data.payment_method_id !== undefined && !card)
    return apiError(404, 'not_found', MESSAGES.payments.cardNotFound);
  if (!card && decision.mode === 'now')
    return apiError(400, 'card_required', MESSAGES.payments.noCard);
  const now = new Date();
  const scheduled = decision.mode === 'period_end';
  const payment: MockPayment = {
    id: ++db.seq.payment,
    owner_id: user.id,
    kind: decision.kind,
    status: scheduled ? 'paid' : card?.behaviour === 'auth' ? 'requires_action' : 'pending',
    amount: preview.total,
    currency: 'usd',
    description: `${target.name} plan`,
    plan_code: target.code,
    plan_name: target.name,
    add_on_quantity: decision.quantity,
    failure_message: null,
    card: scheduled || !card ? null : { brand: card.brand, last4: card.last4 },
    created_at: now.toISOString(),
    settle_at: now.getTime() + MOCK_SETTLE_MS,
    outcome: card?.behaviour === 'decline' ? MESSAGES.payments.cardDeclined : null,
    target: { plan: target.code as PlanCode, addOnQuantity: decision.quantity },
    period_end: addBillingMonth(now).toISOString(),
  };
  db.payments.push(payment);
  if (card) chargedWith.set(payment, card.id);
  if (scheduled) billingOf(user).scheduledPlan = target.code as PlanCode;
  const b = billingOf(user);
  return ok({
    payment: publicPayment(payment),
    client_secret: null,
    scheduled_at: scheduled ? b.periodEnd : null,
  });
}

/**
 * The billing calls of docs/product/api.md#user-subscription-and-payments on the mock database
 * (component tests and `npm run dev:mock`).
 */
export const billingHandlers: HttpHandler[] = [
  http.get('*/v1/payments/config', () =>
    ok({ provider: 'local', publishable_key: null, test_mode: false }),
  ),

  http.post('*/v1/payments/preview-checkout', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, previewCheckoutBody);
    if (!parsed.ok) return parsed.response;
    const planned = planChange(user, parsed.data);
    return 'error' in planned ? planned.error : ok(planned.preview);
  }),

  http.post('*/v1/payments/check-out', ({ request }) => change(request)),
  http.post('*/v1/payments/upgrade', ({ request }) => change(request)),

  http.post('*/v1/payments/keep-plan', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    settleSubscription(user);
    const b = billingOf(user);
    if (!b.scheduledPlan)
      return apiError(409, 'nothing_scheduled', MESSAGES.payments.nothingScheduled);
    b.scheduledPlan = null;
    return ok({ message: MESSAGES.payments.planKept(planOf(user).name) });
  }),

  http.post('*/v1/payments/customer', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    return ok({ customer_id: `cus_mock_${user.id}` });
  }),

  http.post('*/v1/payments/setup-intent', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, setupIntentBody);
    if (!parsed.ok) return parsed.response;
    if (!parsed.data.customerId)
      return apiError(400, 'customer_required', MESSAGES.payments.customerRequired);
    if (parsed.data.customerId !== `cus_mock_${user.id}`)
      return apiError(404, 'not_found', MESSAGES.http.notFound);
    return ok({
      client_secret: `seti_mock_${db.seq.payment}_secret`,
      customer_id: parsed.data.customerId,
      provider: 'local',
    });
  }),

  http.get('*/v1/payments/:id', ({ request, params }) => {
    const found = ownPayment(request, params);
    return 'response' in found ? found.response : ok(publicPayment(found.payment));
  }),

  http.post('*/v1/payments/:id/authenticate', async ({ request, params }) => {
    const found = ownPayment(request, params);
    if ('response' in found) return found.response;
    const parsed = await body(request, authenticateBody);
    if (!parsed.ok) return parsed.response;
    const { payment } = found;
    if (payment.status !== 'requires_action')
      return apiError(404, 'not_found', MESSAGES.payments.paymentNotFound);
    Object.assign(payment, {
      status: 'pending',
      settle_at: Date.now() + MOCK_SETTLE_MS,
      outcome: parsed.data.approved ? null : MESSAGES.payments.authenticationRefused,
    });
    return ok(publicPayment(payment));
  }),

  http.get('*/v1/users/me/payment-methods', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const cards = methodsOf(user).map(publicMethod);
    return ok({ data: cards, total: cards.length });
  }),

  http.post('*/v1/users/me/payment-methods', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, addPaymentMethodBody);
    if (!parsed.ok) return parsed.response;
    // A Stripe Elements payment method (`pm_…`) stands for Stripe's Visa test card.
    const input =
      'card' in parsed.data
        ? parsed.data.card
        : { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3 };
    const { number, exp_month, exp_year } = input;
    if (!luhnValid(number)) return apiError(400, 'card_invalid', MESSAGES.payments.cardInvalid);
    const brand = cardBrandOf(number);
    if (!brand) return apiError(400, 'card_brand', MESSAGES.payments.cardBrand);
    if (!expiryValid(exp_month, exp_year))
      return apiError(400, 'card_expired', MESSAGES.payments.cardExpired);
    // Like the local provider: 4000 0000 0000 0002 is declined when saved, nothing is stored.
    const behaviour = testCardBehaviour(number);
    if (behaviour === 'refuse')
      return apiError(400, 'card_declined', MESSAGES.payments.cardDeclined);
    const mine = methodsOf(user);
    const last4 = number.slice(-4);
    if (mine.some((m) => m.last4 === last4 && m.brand === brand && m.exp_year === exp_year))
      return apiError(409, 'card_exists', MESSAGES.payments.cardExists);
    const card: MockPaymentMethod = {
      id: ++db.seq.paymentMethod,
      owner_id: user.id,
      brand,
      last4,
      exp_month,
      exp_year: exp_year < 100 ? 2000 + exp_year : exp_year,
      is_default: !mine.some((m) => m.is_default),
      created_at: new Date().toISOString(),
      behaviour,
    };
    db.paymentMethods.push(card);
    return ok(publicMethod(card), 201);
  }),

  http.delete('*/v1/users/me/payment-methods/:id', ({ request, params }) => {
    const found = ownMethod(request, params);
    if ('response' in found) return found.response;
    db.paymentMethods = db.paymentMethods.filter((m) => m !== found.card);
    const next = methodsOf(found.user)[0];
    if (found.card.is_default && next) next.is_default = true;
    return ok({ message: MESSAGES.payments.cardDeleted });
  }),

  http.put('*/v1/users/me/payment-methods/set-default/:id', ({ request, params }) => {
    const found = ownMethod(request, params);
    if ('response' in found) return found.response;
    for (const m of methodsOf(found.user)) m.is_default = m === found.card;
    return ok({ message: MESSAGES.payments.cardSetDefault });
  }),

  http.get('*/v1/users/me/payment-history', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const q = validate(paymentHistoryQuery, Object.fromEntries(new URL(request.url).searchParams));
    if (!q.ok) return q.response;
    settleMockPayments(user);
    const rows = db.payments
      .filter((p) => p.owner_id === user.id)
      .filter((p) => !q.data.status || p.status === q.data.status)
      .sort((a, b) =>
        q.data.sort_order === 'asc'
          ? a.created_at.localeCompare(b.created_at) || a.id - b.id
          : b.created_at.localeCompare(a.created_at) || b.id - a.id,
      );
    return ok({
      data: rows.slice(q.data.offset, q.data.offset + q.data.limit).map(publicPayment),
      total: rows.length,
    });
  }),
];
