import { randomUUID } from 'node:crypto';
import { decideChange, MAX_ADD_ONS, MAX_ADD_ONS_MESSAGE } from '../../../lib/billing';
import type {
  CheckoutBody,
  CheckoutResult,
  Payment,
  PreviewCheckoutBody,
  PricePreview,
} from '../../../lib/contracts/payments';
import { MESSAGES } from '../../../lib/messages';
import { AppError, notFound } from '../../errors';
import type { ChangeRequest } from '../../payments/types';
import { describePayment } from './catalogue';
import type { BillingCore, BillingUser } from './core';
import { defaultAfterCharge } from './default-card';
import type { PaymentMethodRow } from './payments.repository';

/** A payment that has not settled after this long no longer blocks a new one. */
const IN_PROGRESS_WINDOW_MS = 10 * 60 * 1000;

const badRequest = (code: string, message: string) => new AppError(400, code, message);

/**
 * Check-out, upgrades, add-ons and period-end switches: the server decides from its own
 * catalogue what a change is and how it is paid (client ids and totals are never trusted).
 */
export function createCheckout(core: BillingCore) {
  const { db, repo, provider, now } = core.deps;

  /**
   * Validates a change against the catalogue only and decides how it happens: charged today,
   * or scheduled for the end of the period.
   */
  async function planChange(userId: string, body: PreviewCheckoutBody) {
    const cat = await core.catalogue();
    const state = await core.settle(userId);
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
    const decision = decideChange({ current, currentPaid: !unpaid, target, owned, requested });
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

  return {
    async preview(user: BillingUser, body: PreviewCheckoutBody): Promise<PricePreview> {
      const { req } = await planChange(user.id, body);
      const customerId = await core.ensureCustomer(user);
      return core.providerCall(() => provider.preview({ ...req, customerId }));
    },

    /** Check-out and upgrade alike: the server decides what the change is and how it is paid. */
    async change(user: BillingUser, body: CheckoutBody): Promise<CheckoutResult> {
      const userId = user.id;
      const { req: base, kind, target, quantity, state } = await planChange(userId, body);
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

      const req: ChangeRequest = { ...base, customerId: await core.ensureCustomer(user) };
      const preview = await core.providerCall(() => provider.preview(req));
      const scheduledAt = base.mode === 'period_end' ? state.row.currentPeriodEnd : null;
      // Two tabs paying at once: the subscription row's lock orders them, and the second finds
      // the first one's payment in progress. A payment still waiting for the card holder (an
      // abandoned 3-D Secure page) is given up so that paying again is possible.
      const payment = await db.transaction(async (tx) => {
        await repo.subscriptionOf(userId, { tx, lock: true });
        if (await repo.inProgress(userId, since, { tx }))
          throw new AppError(409, 'payment_in_progress', MESSAGES.payments.inProgress);
        await repo.abandonAwaiting(userId, MESSAGES.payments.replaced, { tx });
        return repo.insertPayment(
          {
            userId,
            kind,
            status: 'pending',
            planId: target.id,
            addOnQuantity: quantity,
            amount: preview.total,
            description: describePayment(kind, target, quantity),
            lines: preview.lines,
            periodStart: scheduledAt ?? at,
            periodEnd: new Date(preview.period_end * 1000),
            paymentMethodId: card?.id ?? null,
            cardBrand: base.mode === 'now' ? (card?.brand ?? null) : null,
            cardLast4: base.mode === 'now' ? (card?.last4 ?? null) : null,
            createdAt: at,
            updatedAt: at,
          },
          { tx },
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
        await db.transaction(async (tx) => {
          await repo.updatePayment(
            payment.id,
            { status: 'failed', failureMessage: message },
            { onlyFrom: ['pending'], tx },
          );
          // The card itself was refused (not the provider being down): it stops being the default.
          if (known && card && base.mode === 'now')
            await defaultAfterCharge(repo, tx, { userId, methodId: card.id, paid: false });
        });
        if (!known) core.deps.log?.error({ err }, 'payment provider charge failed');
        throw known ? err : new AppError(502, 'payment_provider', message);
      }

      if (base.mode === 'period_end') {
        // Nothing is charged: the schedule is recorded now, the switch happens at period end.
        await db.transaction(async (tx) => {
          await repo.updatePayment(
            payment.id,
            { status: 'paid', providerRef: result.paymentRef },
            { tx },
          );
          await repo.updateSubscription(
            userId,
            {
              scheduledPlanId: target.id,
              providerSubscriptionId:
                state.row.providerSubscriptionId ?? result.providerSubscriptionId,
            },
            { tx },
          );
        });
        core.usage.clear(userId);
        core.emitStatus(userId, {
          payment_id: payment.id,
          status: 'paid',
          plan_code: state.plan.code,
          message: null,
        });
      } else {
        await repo.updatePayment(payment.id, { providerRef: result.paymentRef });
        if (result.status === 'requires_action')
          await repo.updatePayment(
            payment.id,
            { status: 'requires_action' },
            { onlyFrom: ['pending'] },
          );
      }
      return {
        payment: await core.paymentDto(userId, payment.id),
        client_secret: result.clientSecret,
        scheduled_at: scheduledAt ? scheduledAt.toISOString() : null,
      };
    },

    /** Calls off a change scheduled for the period end: the current plan renews as it is. */
    async keepPlan(userId: string) {
      const state = await core.settle(userId);
      const { row } = state;
      if (!row.scheduledPlanId)
        throw new AppError(409, 'nothing_scheduled', MESSAGES.payments.nothingScheduled);
      // One key per request: the provider call's own retries repeat no write, while a second keep
      // of the same change in the same period (scheduled again since) is a new write.
      const key = `keep-${userId}-${randomUUID()}`;
      await core.providerCall(() => provider.keepPlan(row.providerSubscriptionId, key));
      await repo.updateSubscription(userId, { scheduledPlanId: null });
      core.usage.clear(userId);
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
      await repo.updatePayment(id, { status: 'pending' }, { onlyFrom: ['requires_action'] });
      return core.paymentDto(userId, id);
    },
  };
}
