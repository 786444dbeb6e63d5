import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  paymentEvents,
  paymentMethods,
  payments,
  planPrices,
  plans,
  subscriptions,
  users,
} from '../../db/schema';
import type { PaymentState } from '../../../lib/contracts/payments';
import { createCardsRepository } from './cards.repository';

export type PlanRow = typeof plans.$inferSelect;
export type PriceRow = typeof planPrices.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
/** A payment with the plan it bought (for its code and name). */
export type PaymentWithPlan = { payment: PaymentRow; plan: PlanRow };

/** Where a call runs: inside the caller's transaction, or on its own. */
export interface InTx {
  tx?: Db;
}

/**
 * Billing data. Every tenant query filters by the user id the caller took from the session;
 * lookups by provider reference serve the provider's events only. `now` is billing's clock: the
 * same one decides periods and stamps `updated_at`.
 */
export function createPaymentsRepository(
  db: Db,
  opts: {
    now: () => Date;
    /**
     * Told of every write of a subscription, inside its transaction, with the row before and
     * after (the subscription.updated webhook, docs/webhooks.md).
     */
    onSubscriptionChanged?: (
      tx: Db,
      before: SubscriptionRow,
      after: SubscriptionRow,
    ) => Promise<void>;
  },
) {
  const { now } = opts;
  const paymentWithPlan = (tx: Db) =>
    tx
      .select({ payment: payments, plan: plans })
      .from(payments)
      .innerJoin(plans, eq(plans.id, payments.planId));

  return {
    ...createCardsRepository(db),

    /** Every plan and price of the catalogue (seeded at start-up, read-only afterwards). */
    async catalogue() {
      const [planRows, priceRows] = await Promise.all([
        db.select().from(plans).orderBy(asc(plans.orderNumber)),
        db.select().from(planPrices).orderBy(asc(planPrices.id)),
      ]);
      return { plans: planRows, prices: priceRows };
    },

    // --- subscriptions ---------------------------------------------------------------------
    /** The account's subscription; `lock` takes the row lock (inside a transaction). */
    async subscriptionOf(
      userId: string,
      { tx = db, lock = false }: InTx & { lock?: boolean } = {},
    ) {
      const q = tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },
    async updateSubscription(
      userId: string,
      values: Partial<Omit<SubscriptionRow, 'id' | 'userId' | 'createdAt'>>,
      { tx = db }: InTx = {},
    ): Promise<SubscriptionRow | undefined> {
      const write = (t: Db) =>
        t
          .update(subscriptions)
          .set({ ...values, updatedAt: now() })
          .where(eq(subscriptions.userId, userId))
          .returning()
          .then((rows) => rows[0]);
      const told = opts.onSubscriptionChanged;
      if (!told) return write(tx);
      // The one place subscriptions change: the row before, the write, and who is told of it.
      const run = async (t: Db) => {
        const [before] = await t
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.userId, userId))
          .for('update');
        const after = await write(t);
        if (before && after) await told(t, before, after);
        return after;
      };
      return tx === db ? db.transaction(run) : run(tx);
    },
    /** Sets over_limit_since unless already set (or set in an earlier month); true when it did. */
    async markOverLimit(userId: string, since: Date, monthStart: Date) {
      const rows = await db
        .update(subscriptions)
        .set({ overLimitSince: since })
        .where(
          and(
            eq(subscriptions.userId, userId),
            or(isNull(subscriptions.overLimitSince), lt(subscriptions.overLimitSince, monthStart)),
          ),
        )
        .returning({ since: subscriptions.overLimitSince });
      return rows.length > 0;
    },
    async clearOverLimit(userId: string) {
      await db
        .update(subscriptions)
        .set({ overLimitSince: null })
        .where(eq(subscriptions.userId, userId));
    },

    // --- provider events and customers ----------------------------------------------------------
    /** Records an event id; false when it was handled before (deliveries are at-least-once). */
    async recordEvent(id: string, type: string, { tx = db }: InTx = {}) {
      const rows = await tx
        .insert(paymentEvents)
        .values({ id, type })
        .onConflictDoNothing({ target: paymentEvents.id })
        .returning({ id: paymentEvents.id });
      return rows.length > 0;
    },
    async userIdByCustomer(customerId: string, { tx = db }: InTx = {}) {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.stripeCustomerId, customerId))
        .limit(1);
      return row?.id;
    },
    async customerIdOf(userId: string) {
      const [row] = await db
        .select({ customerId: users.stripeCustomerId })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.customerId ?? null;
    },
    /**
     * Stores the provider customer if the stored one is still `previous` (compare-and-set, so two
     * concurrent requests keep one customer); returns the one stored.
     */
    async setCustomerId(userId: string, customerId: string, previous: string | null) {
      await db
        .update(users)
        .set({ stripeCustomerId: customerId, updatedAt: now() })
        .where(
          and(
            eq(users.id, userId),
            previous === null
              ? isNull(users.stripeCustomerId)
              : eq(users.stripeCustomerId, previous),
          ),
        );
      const [row] = await db
        .select({ customerId: users.stripeCustomerId })
        .from(users)
        .where(eq(users.id, userId));
      return row?.customerId ?? customerId;
    },

    // --- payments ----------------------------------------------------------------------------
    async insertPayment(values: Omit<typeof payments.$inferInsert, 'id'>, { tx = db }: InTx = {}) {
      const [row] = await tx.insert(payments).values(values).returning();
      return row!;
    },
    async findPayment(userId: string, id: number, { tx = db }: InTx = {}) {
      const [row] = await paymentWithPlan(tx)
        .where(and(eq(payments.userId, userId), eq(payments.id, id)))
        .limit(1);
      return row;
    },
    /** The payment a provider event is about (provider references are ours to match, not a tenant's). */
    async findPaymentByRef(providerRef: string, { tx = db }: InTx = {}) {
      const [row] = await tx
        .select()
        .from(payments)
        .where(eq(payments.providerRef, providerRef))
        .limit(1)
        .for('update');
      return row;
    },
    /** Updates a payment; with `onlyFrom`, only while its status is one of those. */
    async updatePayment(
      id: number,
      values: Partial<Pick<PaymentRow, 'status' | 'providerRef' | 'failureMessage'>>,
      { onlyFrom, tx = db }: InTx & { onlyFrom?: PaymentState[] } = {},
    ) {
      const where = onlyFrom
        ? and(eq(payments.id, id), inArray(payments.status, onlyFrom))
        : eq(payments.id, id);
      const [row] = await tx
        .update(payments)
        .set({ ...values, updatedAt: now() })
        .where(where)
        .returning();
      return row;
    },
    /** A payment of the account being settled by the provider, started since `since`. */
    async inProgress(userId: string, since: Date, { tx = db }: InTx = {}) {
      const [row] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            eq(payments.status, 'pending'),
            gte(payments.createdAt, since),
          ),
        )
        .limit(1);
      return row;
    },
    /** Fails the account's payments still waiting for the card holder (a new one replaces them). */
    async abandonAwaiting(userId: string, message: string, { tx = db }: InTx = {}) {
      await tx
        .update(payments)
        .set({ status: 'failed', failureMessage: message, updatedAt: now() })
        .where(and(eq(payments.userId, userId), eq(payments.status, 'requires_action')));
    },
    async history(
      userId: string,
      q: { offset: number; limit: number; status?: PaymentState; order: 'asc' | 'desc' },
    ) {
      // A change scheduled for the period end charges nothing: it is not a payment to list.
      const mine = and(eq(payments.userId, userId), ne(payments.kind, 'downgrade'));
      const where = q.status ? and(mine, eq(payments.status, q.status)) : mine;
      const sort = q.order === 'asc' ? asc : desc;
      const rows = await paymentWithPlan(db)
        .where(where)
        .orderBy(sort(payments.createdAt), sort(payments.id))
        .offset(q.offset)
        .limit(q.limit);
      const [{ total }] = await db.select({ total: count() }).from(payments).where(where);
      return { rows, total };
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
