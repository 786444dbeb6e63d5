import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SOCKET_EVENTS } from '../../../lib/constants';
import {
  addBillingMonth,
  decideChange,
  MAX_ADD_ONS,
  MAX_ADD_ONS_MESSAGE,
  mauLimitOf,
} from '../../../lib/billing';
import type {
  CheckoutBody,
  CheckoutResult,
  Payment,
  PaymentMethod,
  PaymentStatusEvent,
  PreviewCheckoutBody,
  PricePreview,
  SetupIntent,
} from '../../../lib/contracts/payments';
import { MESSAGES } from '../../../lib/messages';
import type { Db } from '../../db/client';
import { AppError, isUniqueViolation, notFound } from '../../errors';
import type { Realtime } from '../../realtime/notifier';
import type {
  CardInput,
  CatalogueItem,
  ChangeRequest,
  PaymentProvider,
  ProviderEvent,
  ProviderSubscription,
} from '../../payments/types';
import type { PlansRepository } from '../plans/plans.repository';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import type {
  PaymentMethodRow,
  PaymentsRepository,
  PaymentWithPlan,
  PlanRow,
  PriceRow,
  SubscriptionRow,
} from './payments.repository';
import { createUsageService } from './usage.service';

/** The signed-in user as billing needs it. */
export interface BillingUser {
  id: string;
  email: string;
  name: string;
}

type PaymentKind = Payment['kind'];

/** How long an outcome naming no payment of ours is retried before its state is applied alone. */
const UNMATCHED_RETRY_MS = 60 * 60 * 1000;

/** A payment that has not settled after this long no longer blocks a new one. */
const IN_PROGRESS_WINDOW_MS = 10 * 60 * 1000;

const badRequest = (code: string, message: string) => new AppError(400, code, message);

function toPaymentDto({ payment: p, plan }: PaymentWithPlan): Payment {
  return {
    id: p.id,
    kind: p.kind,
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    description: p.description,
    plan_code: plan.code,
    plan_name: plan.name,
    add_on_quantity: p.addOnQuantity,
    failure_message: p.failureMessage,
    card: p.cardBrand && p.cardLast4 ? { brand: p.cardBrand, last4: p.cardLast4 } : null,
    created_at: p.createdAt.toISOString(),
  };
}

function toMethodDto(m: PaymentMethodRow): PaymentMethod {
  return {
    id: m.id,
    brand: m.brand,
    last4: m.last4,
    exp_month: m.expMonth,
    exp_year: m.expYear,
    is_default: m.isDefault,
    created_at: m.createdAt.toISOString(),
  };
}

/** The plan catalogue, loaded once (it is seeded at start-up and never edited at run time). */
interface Catalogue {
  plan(id: number): PlanRow | undefined;
  planByCode(code: string): PlanRow | undefined;
  priceOf(planId: number): PriceRow | undefined;
  prices(planId: number): PriceRow[];
  free: PlanRow;
  addOn: { plan: PlanRow; price: PriceRow };
  item(plan: PlanRow): CatalogueItem;
}

function buildCatalogue(plans: PlanRow[], prices: PriceRow[]): Catalogue {
  const free = plans.find((p) => p.kind === 'FREE');
  const addOnPlan = plans.find((p) => p.kind === 'ADD_IN');
  const addOnPrice = addOnPlan && prices.find((p) => p.planId === addOnPlan.id);
  if (!free || !addOnPlan || !addOnPrice)
    throw new AppError(500, 'catalogue_missing', 'The plan catalogue is missing.');
  const priceOf = (planId: number) => prices.find((p) => p.planId === planId);
  return {
    plan: (id) => plans.find((p) => p.id === id),
    planByCode: (code) => plans.find((p) => p.code === code),
    priceOf,
    prices: (planId) => prices.filter((p) => p.planId === planId),
    free,
    addOn: { plan: addOnPlan, price: addOnPrice },
    item: (plan) => {
      const price = priceOf(plan.id);
      return {
        planId: plan.id,
        priceId: price?.id ?? 0,
        code: plan.code,
        name: plan.name,
        unitAmount: price?.unitAmount ?? 0,
      };
    },
  };
}

/** The account's subscription with period-end changes applied. */
export interface SubscriptionState {
  row: SubscriptionRow;
  plan: PlanRow;
  prices: PriceRow[];
  scheduledPlan: PlanRow | null;
  addOnPlanId: number;
  mauLimit: number;
}

/**
 * Billing: one subscription state machine fed by the provider's settled outcomes (local
 * simulator or Stripe webhooks), plan changes decided on the server from its own catalogue,
 * saved cards and payment history.
 */
export function createPaymentsService(deps: {
  db: Db;
  repo: PaymentsRepository;
  provider: PaymentProvider;
  profiles: Pick<ProfilesRepository, 'monthlyActive'>;
  plans: Pick<PlansRepository, 'startOn'>;
  now: () => Date;
  /** Payment status and usage-limit notices reach the user's open dashboards through this. */
  realtime: Realtime;
  /** Told when a user's stored details change (the provider customer), so caches refresh. */
  onUserChanged?: (userId: string) => Promise<void>;
  log?: FastifyBaseLogger;
}) {
  const { db, repo, provider, now } = deps;
  let catalogueCache: Promise<Catalogue> | null = null;
  const catalogue = () => {
    if (!catalogueCache) {
      catalogueCache = repo.catalogue().then((c) => buildCatalogue(c.plans, c.prices));
      // A failed load (database down) must not stick.
      catalogueCache.catch(() => (catalogueCache = null));
    }
    return catalogueCache;
  };

  const usage = createUsageService({
    repo,
    profiles: deps.profiles,
    now,
    limitOf: async (userId) => {
      const s = await settle(userId);
      return { mauLimit: s.mauLimit, overLimitSince: s.row.overLimitSince };
    },
    emitLimit: (userId, event) =>
      deps.realtime.emitToUser(userId, SOCKET_EVENTS.USAGE_LIMIT, event),
  });

  function emitStatus(userId: string, event: PaymentStatusEvent) {
    deps.realtime.emitToUser(userId, SOCKET_EVENTS.PAYMENT_STATUS, event);
  }

  function stateOf(cat: Catalogue, row: SubscriptionRow): SubscriptionState {
    const plan = cat.plan(row.planId) ?? cat.free;
    return {
      row,
      plan,
      prices: cat.prices(plan.id),
      scheduledPlan: row.scheduledPlanId ? (cat.plan(row.scheduledPlanId) ?? null) : null,
      addOnPlanId: cat.addOn.plan.id,
      mauLimit: mauLimitOf(plan.mauLimit, row.addOnQuantity),
    };
  }

  /**
   * The subscription as of now: a change scheduled for the end of an elapsed period takes
   * effect, and an elapsed paid period renews for a month (recorded as a paid renewal).
   */
  async function settle(userId: string): Promise<SubscriptionState> {
    const cat = await catalogue();
    let row = await repo.subscriptionOf(userId);
    if (!row) {
      // Accounts created before billing may lack a row: they start on the free plan.
      await deps.plans.startOn(userId, cat.free.id);
      row = await repo.subscriptionOf(userId);
      if (!row) throw notFound();
    }
    const at = now();
    // Stripe renews, switches and cancels at period end itself and tells us by webhook.
    if (!provider.renewsItself && row.currentPeriodEnd && row.currentPeriodEnd <= at) {
      row = await db.transaction(async (tx) => {
        let r = (await repo.subscriptionOf(userId, tx, true))!;
        // Bounded: an account idle for years renews at most three years of periods at once.
        for (let i = 0; i < 36 && r.currentPeriodEnd && r.currentPeriodEnd <= at; i++) {
          const end: Date = r.currentPeriodEnd;
          const next = (r.scheduledPlanId && cat.plan(r.scheduledPlanId)) || cat.plan(r.planId);
          const price = next && cat.priceOf(next.id);
          const newEnd = addBillingMonth(end);
          const card = await repo.defaultMethod(userId, tx);
          const amount = (price?.unitAmount ?? 0) + r.addOnQuantity * cat.addOn.price.unitAmount;
          const paid = next && next.kind !== 'FREE' && price && price.unitAmount > 0;
          // The renewal is charged off-session to the default card; without one, or when the
          // card fails, the plan ends with its period.
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
                description: describe('renewal', next, r.addOnQuantity),
                periodStart: end,
                periodEnd: newEnd,
                paymentMethodId: card?.id ?? null,
                cardBrand: card?.brand ?? null,
                cardLast4: card?.last4 ?? null,
                createdAt: end,
                updatedAt: end,
              },
              tx,
            );
          if (!paid || failure) {
            r = (await repo.updateSubscription(
              userId,
              {
                planId: !failure && next && next.kind !== 'FREE' && !price ? next.id : cat.free.id,
                addOnQuantity: 0,
                currentPeriodStart: null,
                currentPeriodEnd: null,
                scheduledPlanId: null,
                status: 'active',
              },
              tx,
            ))!;
            break;
          }
          r = (await repo.updateSubscription(
            userId,
            {
              planId: next!.id,
              currentPeriodStart: end,
              currentPeriodEnd: newEnd,
              scheduledPlanId: null,
            },
            tx,
          ))!;
        }
        return r;
      });
      usage.clear(userId);
    }
    return stateOf(cat, row);
  }

  function describe(kind: PaymentKind, plan: PlanRow, addOns: number) {
    const withAddOns = addOns > 0 ? ` with ${addOns} MAU add-on${addOns === 1 ? '' : 's'}` : '';
    switch (kind) {
      case 'checkout':
        return `${plan.name} plan${withAddOns}`;
      case 'upgrade':
        return `Upgrade to ${plan.name}${withAddOns}`;
      case 'add_ons':
        return `${plan.name}: ${addOns} MAU add-on${addOns === 1 ? '' : 's'} in total`;
      case 'downgrade':
        return plan.kind === 'FREE'
          ? 'Cancellation: back to Free at the end of the period'
          : `Switch to ${plan.name} at the end of the period`;
      case 'renewal':
        return `Renewal of ${plan.name}${withAddOns}`;
    }
  }

  /**
   * Validates a change against the catalogue only (client ids and totals are never trusted) and
   * decides how it happens: charged today, or scheduled for the end of the period.
   */
  async function plan(userId: string, body: PreviewCheckoutBody) {
    const cat = await catalogue();
    const state = await settle(userId);
    const target = cat.plan(body.plan_id);
    if (!target || target.kind === 'ADD_IN')
      throw badRequest('unknown_plan', MESSAGES.payments.unknownPlan);
    if (target.kind === 'ENTERPRISE' || target.contactSales)
      throw badRequest('contact_sales', MESSAGES.payments.enterprise);
    const price = cat.priceOf(target.id);
    if (!price || price.id !== body.plan_price_id)
      throw badRequest('unknown_plan', MESSAGES.payments.unknownPlan);
    let requested = 0;
    for (const a of body.add_ins ?? []) {
      if (a.plan_id !== cat.addOn.plan.id || a.plan_price_id !== cat.addOn.price.id)
        throw badRequest('unknown_plan', MESSAGES.payments.unknownPlan);
      requested += a.quantity;
    }
    if (requested > MAX_ADD_ONS) throw badRequest('too_many_add_ons', MAX_ADD_ONS_MESSAGE);
    const current = state.plan;
    const owned = state.row.addOnQuantity;
    const currentPrice = cat.priceOf(current.id)?.unitAmount ?? 0;
    const unpaid = current.kind === 'FREE' || currentPrice === 0 || !state.row.currentPeriodEnd;
    const decision = decideChange({
      current,
      currentPaid: !unpaid,
      target,
      owned,
      requested,
    });
    if ('error' in decision)
      throw new AppError(decision.error.status, decision.error.code, decision.error.message);
    const { kind, mode, quantity } = decision;
    const req: Omit<ChangeRequest, 'customerId'> = {
      current: {
        providerSubscriptionId: state.row.providerSubscriptionId,
        plan: cat.item(current),
        addOnQuantity: owned,
        periodStart: unpaid ? null : state.row.currentPeriodStart,
        periodEnd: unpaid ? null : state.row.currentPeriodEnd,
      },
      target: { plan: cat.item(target), addOnQuantity: quantity },
      addOn: cat.item(cat.addOn.plan),
      mode,
      now: now(),
    };
    return { req, kind, target, quantity, state };
  }

  /**
   * A call to the provider whose failure is not the user's (provider down, account trouble):
   * a 502 with a message to try again, logged, instead of a 500.
   */
  async function providerCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof AppError) throw err;
      deps.log?.error({ err }, 'payment provider call failed');
      throw new AppError(502, 'payment_provider', MESSAGES.payments.chargeFailed);
    }
  }

  /** The user's provider customer, created (and stored on the user) on first need. */
  async function ensureCustomer(user: BillingUser) {
    const existing = await repo.customerIdOf(user.id);
    const id = await providerCall(() =>
      provider.ensureCustomer({ id: user.id, email: user.email, name: user.name }, existing),
    );
    if (id === existing) return id;
    const stored = await repo.setCustomerId(user.id, id, existing);
    await deps.onUserChanged?.(user.id);
    return stored;
  }

  async function paymentDto(userId: string, id: number) {
    const row = await repo.findPayment(userId, id);
    if (!row) throw notFound(MESSAGES.payments.paymentNotFound);
    return toPaymentDto(row);
  }

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
      tx,
    );
  }

  return {
    usage,
    settle,

    /**
     * The one handler of settled provider outcomes: each event id is applied once, in one
     * transaction with its effects; PAYMENT_STATUS goes out only after the commit.
     */
    async handleProviderEvent(e: ProviderEvent) {
      const cat = await catalogue();
      const outcome = await db.transaction(async (tx) => {
        if (!(await repo.recordEvent(e.id, e.type, tx))) return null;
        let userId: string | undefined;
        let paymentId: number | undefined;
        if (e.type === 'subscription.updated') {
          userId = await repo.userIdByCustomer(e.customerId, tx);
          if (!userId) return null; // not one of our customers
        } else {
          const payment = await repo.findPaymentByRef(e.paymentRef, tx);
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
            userId = await repo.userIdByCustomer(e.customerId, tx);
            if (!userId) return null;
          }
        }
        const row = await repo.subscriptionOf(userId, tx, true);
        if (!row) throw new Error(`no subscription for user ${userId}`);
        if (e.type === 'payment.failed') {
          // A failed payment leaves the plan as it is (an unmatched one returned above).
          await repo.updatePayment(
            paymentId!,
            { status: 'failed', failureMessage: e.message },
            ['pending', 'requires_action'],
            tx,
          );
        } else {
          await applySubscription(tx, cat, row, e.subscription, e.created);
          if (e.type === 'payment.succeeded' && paymentId)
            await repo.updatePayment(
              paymentId!,
              { status: 'paid', failureMessage: null },
              ['pending', 'requires_action', 'failed'],
              tx,
            );
        }
        const after = (await repo.subscriptionOf(userId, tx))!;
        const payment = paymentId ? await repo.findPayment(userId, paymentId, tx) : undefined;
        return { userId, payment, planCode: (cat.plan(after.planId) ?? cat.free).code };
      });
      if (!outcome) return;
      usage.clear(outcome.userId);
      if (outcome.payment)
        emitStatus(outcome.userId, {
          payment_id: outcome.payment.payment.id,
          status: outcome.payment.payment.status,
          plan_code: outcome.planCode,
          message: outcome.payment.payment.failureMessage,
        });
    },

    async preview(user: BillingUser, body: PreviewCheckoutBody): Promise<PricePreview> {
      const { req } = await plan(user.id, body);
      const customerId = await ensureCustomer(user);
      return providerCall(() => provider.preview({ ...req, customerId }));
    },

    /** Check-out and upgrade alike: the server decides what the change is and how it is paid. */
    async change(user: BillingUser, body: CheckoutBody): Promise<CheckoutResult> {
      const userId = user.id;
      const { req: base, kind, target, quantity, state } = await plan(userId, body);
      const at = base.now;
      const since = new Date(at.getTime() - IN_PROGRESS_WINDOW_MS);
      // A cheap early answer; the check that counts is repeated under the lock below.
      if (await repo.inProgress(userId, since))
        throw new AppError(409, 'payment_in_progress', MESSAGES.payments.inProgress);
      let card: PaymentMethodRow | undefined;
      if (body.payment_method_id !== undefined) {
        card = await repo.findMethod(userId, body.payment_method_id);
        if (!card) throw notFound(MESSAGES.payments.cardNotFound);
      } else card = await repo.defaultMethod(userId);
      if (!card && base.mode === 'now') throw badRequest('card_required', MESSAGES.payments.noCard);

      const req: ChangeRequest = { ...base, customerId: await ensureCustomer(user) };
      const preview = await providerCall(() => provider.preview(req));
      const scheduledAt = base.mode === 'period_end' ? state.row.currentPeriodEnd : null;
      // Two tabs paying at once: the subscription row's lock orders them, and the second finds
      // the first one's payment in progress. A payment still waiting for the card holder (an
      // abandoned 3-D Secure page) is given up so that paying again is possible.
      const payment = await db.transaction(async (tx) => {
        await repo.subscriptionOf(userId, tx, true);
        if (await repo.inProgress(userId, since, tx))
          throw new AppError(409, 'payment_in_progress', MESSAGES.payments.inProgress);
        await repo.abandonAwaiting(userId, MESSAGES.payments.replaced, tx);
        return repo.insertPayment(
          {
            userId,
            kind,
            status: 'pending',
            planId: target.id,
            addOnQuantity: quantity,
            amount: preview.total,
            description: describe(kind, target, quantity),
            lines: preview.lines,
            periodStart: scheduledAt ?? at,
            periodEnd: new Date(preview.period_end * 1000),
            paymentMethodId: card?.id ?? null,
            cardBrand: base.mode === 'now' ? (card?.brand ?? null) : null,
            cardLast4: base.mode === 'now' ? (card?.last4 ?? null) : null,
            createdAt: at,
            updatedAt: at,
          },
          tx,
        );
      });

      let result;
      try {
        result = await provider.charge({
          ...req,
          paymentMethodRef: card?.providerRef ?? '',
          paymentId: payment.id,
        });
      } catch (err) {
        const known = err instanceof AppError && err.status < 500;
        const message = known ? err.message : MESSAGES.payments.chargeFailed;
        await repo.updatePayment(payment.id, { status: 'failed', failureMessage: message }, [
          'pending',
        ]);
        if (!known) deps.log?.error({ err }, 'payment provider charge failed');
        throw known ? err : new AppError(502, 'payment_provider', message);
      }

      if (base.mode === 'period_end') {
        // Nothing is charged: the schedule is recorded now, the switch happens at period end.
        await db.transaction(async (tx) => {
          await repo.updatePayment(
            payment.id,
            { status: 'paid', providerRef: result.paymentRef },
            undefined,
            tx,
          );
          await repo.updateSubscription(
            userId,
            {
              scheduledPlanId: target.id,
              providerSubscriptionId:
                state.row.providerSubscriptionId ?? result.providerSubscriptionId,
            },
            tx,
          );
        });
        usage.clear(userId);
        emitStatus(userId, {
          payment_id: payment.id,
          status: 'paid',
          plan_code: state.plan.code,
          message: null,
        });
      } else {
        await repo.updatePayment(payment.id, { providerRef: result.paymentRef });
        if (result.status === 'requires_action')
          await repo.updatePayment(payment.id, { status: 'requires_action' }, ['pending']);
      }
      return {
        payment: await paymentDto(userId, payment.id),
        client_secret: result.clientSecret,
        scheduled_at: scheduledAt ? scheduledAt.toISOString() : null,
      };
    },

    payment: paymentDto,

    /** Calls off a change scheduled for the period end: the current plan renews as it is. */
    async keepPlan(userId: string) {
      const state = await settle(userId);
      const { row } = state;
      if (!row.scheduledPlanId)
        throw new AppError(409, 'nothing_scheduled', MESSAGES.payments.nothingScheduled);
      // One key per request: the provider call's own retries repeat no write, while a second keep
      // of the same change in the same period (scheduled again since) is a new write.
      const key = `keep-${userId}-${randomUUID()}`;
      await providerCall(() => provider.keepPlan(row.providerSubscriptionId, key));
      await repo.updateSubscription(userId, { scheduledPlanId: null });
      usage.clear(userId);
      return { message: MESSAGES.payments.planKept(state.plan.name) };
    },

    /** The local provider's authentication dialog answer (404 elsewhere or when not waiting). */
    async authenticate(userId: string, id: number, approved: boolean): Promise<Payment> {
      const row = await repo.findPayment(userId, id);
      if (
        !provider.authenticate ||
        !row ||
        row.payment.status !== 'requires_action' ||
        !row.payment.providerRef
      )
        throw notFound(MESSAGES.payments.paymentNotFound);
      await provider.authenticate(row.payment.providerRef, approved);
      await repo.updatePayment(id, { status: 'pending' }, ['requires_action']);
      return paymentDto(userId, id);
    },

    async customer(user: BillingUser) {
      return { customer_id: await ensureCustomer(user) };
    },

    async setupIntent(user: BillingUser, customerId: string | undefined): Promise<SetupIntent> {
      if (!customerId) throw badRequest('customer_required', MESSAGES.payments.customerRequired);
      if ((await repo.customerIdOf(user.id)) !== customerId) throw notFound();
      const { clientSecret } = await providerCall(() => provider.createSetupIntent(customerId));
      return { client_secret: clientSecret, customer_id: customerId, provider: provider.name };
    },

    async listMethods(userId: string) {
      const rows = await repo.listMethods(userId);
      return { data: rows.map(toMethodDto), total: rows.length };
    },

    async addMethod(user: BillingUser, body: CardInput): Promise<PaymentMethod> {
      const customerId = await ensureCustomer(user);
      const details = await providerCall(() => provider.attachCard(customerId, body));
      let row: PaymentMethodRow;
      try {
        row = await repo.insertMethod({
          userId: user.id,
          providerRef: details.providerRef,
          brand: details.brand,
          last4: details.last4,
          expMonth: details.expMonth,
          expYear: details.expYear,
          createdAt: now(),
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new AppError(409, 'card_exists', MESSAGES.payments.cardExists);
        throw err;
      }
      if (row.isDefault) await provider.setDefaultCard(customerId, row.providerRef);
      return toMethodDto(row);
    },

    async removeMethod(userId: string, id: number) {
      const card = await repo.findMethod(userId, id);
      if (!card) throw notFound(MESSAGES.payments.cardNotFound);
      // Detached first: if the provider refuses, the card stays listed and chargeable.
      await provider.detachCard(card.providerRef);
      const done = await repo.deleteMethod(userId, id);
      const customerId = await repo.customerIdOf(userId);
      if (done?.newDefault && customerId)
        await provider.setDefaultCard(customerId, done.newDefault.providerRef);
      return { message: MESSAGES.payments.cardDeleted };
    },

    async setDefaultMethod(userId: string, id: number) {
      const row = await repo.setDefaultMethod(userId, id);
      if (!row) throw notFound(MESSAGES.payments.cardNotFound);
      const customerId = await repo.customerIdOf(userId);
      if (customerId) await provider.setDefaultCard(customerId, row.providerRef);
      return { message: MESSAGES.payments.cardSetDefault };
    },

    async history(
      userId: string,
      q: {
        offset: number;
        limit: number;
        status?: Payment['status'];
        sort_order: 'asc' | 'desc';
      },
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
