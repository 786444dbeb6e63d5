import type { FastifyBaseLogger } from 'fastify';
import { SOCKET_EVENTS } from '../../../lib/constants';
import { mauLimitOf } from '../../../lib/billing';
import type { PaymentStatusEvent } from '../../../lib/contracts/payments';
import { MESSAGES } from '../../../lib/messages';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { Realtime } from '../../realtime/notifier';
import type { PaymentProvider } from '../../payments/types';
import type { PlansRepository } from '../plans/plans.repository';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import { createCatalogueLoader, type Catalogue } from './catalogue';
import { toPaymentDto } from './dto';
import type { PaymentsRepository, PlanRow, PriceRow, SubscriptionRow } from './payments.repository';
import { renewElapsedPeriods } from './renewals';
import { createUsageService } from './usage.service';

/** The signed-in user as billing needs it. */
export interface BillingUser {
  id: string;
  email: string;
  name: string;
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

export interface BillingDeps {
  db: Db;
  repo: PaymentsRepository;
  provider: PaymentProvider;
  profiles: Pick<ProfilesRepository, 'monthlyActive'>;
  plans: Pick<PlansRepository, 'startOn'>;
  /** The one clock of billing: periods, renewals, grace, payment times (tests move it). */
  now: () => Date;
  /** Payment status and usage-limit notices reach the user's open dashboards through this. */
  realtime: Realtime;
  /** Told when a user's stored details change (the provider customer), so caches refresh. */
  onUserChanged?: (userId: string) => Promise<void>;
  log?: FastifyBaseLogger;
}

/**
 * What every part of billing shares: the catalogue, the subscription as of now (`settle`), the
 * usage check, the provider customer and the status notices. Built once by
 * `createPaymentsService`; checkout, cards and provider events are built on top of it.
 */
export function createBillingCore(deps: BillingDeps) {
  const { db, repo, provider, now } = deps;
  const catalogue = createCatalogueLoader(repo);

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
        const locked = (await repo.subscriptionOf(userId, { tx, lock: true }))!;
        return renewElapsedPeriods({ tx, repo, provider, cat, row: locked, at });
      });
      usage.clear(userId);
    }
    return stateOf(cat, row);
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

  return {
    deps,
    catalogue,
    usage,
    settle,
    providerCall,
    ensureCustomer,
    paymentDto,
    emitStatus(userId: string, event: PaymentStatusEvent) {
      deps.realtime.emitToUser(userId, SOCKET_EVENTS.PAYMENT_STATUS, event);
    },
  };
}
export type BillingCore = ReturnType<typeof createBillingCore>;
