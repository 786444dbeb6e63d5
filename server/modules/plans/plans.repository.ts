import { asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planPrices, plans, subscriptions } from '../../db/schema';
import { PLAN_CATALOGUE } from '../../../lib/plans';
import type { PlanKind } from '../../../lib/constants';

type PlanRow = typeof plans.$inferSelect;
type PriceRow = typeof planPrices.$inferSelect;

function toPlanDto(p: PlanRow, prices: PriceRow[]) {
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    description: p.description,
    kind: p.kind,
    order_number: p.orderNumber,
    contact_sales: p.contactSales,
    plan_quota: { product_limit: p.productLimit, mau_limit: p.mauLimit },
    plan_prices: prices
      .filter((x) => x.planId === p.id)
      .map((x) => ({
        id: x.id,
        unit_amount: x.unitAmount,
        currency: x.currency,
        interval: x.interval,
        pricing_model: x.pricingModel,
        billing_item: x.billingItem,
      })),
  };
}

export function createPlansRepository(db: Db) {
  async function withPrices(rows: PlanRow[]) {
    if (rows.length === 0) return [];
    const prices = await db
      .select()
      .from(planPrices)
      .where(
        inArray(
          planPrices.planId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(planPrices.id));
    return rows.map((r) => toPlanDto(r, prices));
  }

  return {
    /** Inserts the catalogue plans that are missing; existing rows are left as they are. */
    async seed() {
      for (const p of PLAN_CATALOGUE) {
        const [row] = await db
          .insert(plans)
          .values({
            code: p.code,
            name: p.name,
            description: p.description,
            kind: p.kind,
            orderNumber: p.order_number,
            productLimit: p.product_limit,
            mauLimit: p.mau_limit,
            contactSales: p.contact_sales,
          })
          .onConflictDoNothing({ target: plans.code })
          .returning();
        if (row && p.unit_amount !== null) {
          await db.insert(planPrices).values({
            planId: row.id,
            unitAmount: p.unit_amount,
            billingItem: p.kind === 'ADD_IN' ? 'ADD_IN' : 'PLAN',
          });
        }
      }
    },
    async available() {
      const rows = await db
        .select()
        .from(plans)
        .where(ne(plans.kind, 'ADD_IN'))
        .orderBy(asc(plans.orderNumber));
      return withPrices(rows);
    },
    async list(q: { offset: number; limit: number; type?: PlanKind }) {
      const where = q.type ? eq(plans.kind, q.type) : undefined;
      const rows = await db
        .select()
        .from(plans)
        .where(where)
        .orderBy(asc(plans.orderNumber))
        .offset(q.offset)
        .limit(q.limit);
      const [{ total }] = await db.select({ total: count() }).from(plans).where(where);
      return { data: await withPrices(rows), total };
    },
    async byCode(code: string) {
      const [row] = await db.select().from(plans).where(eq(plans.code, code)).limit(1);
      return row;
    },
    /** The account's subscription with its plan. */
    async subscriptionOf(userId: string, tx: Db = db) {
      const [row] = await tx
        .select({ subscription: subscriptions, plan: plans })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(eq(subscriptions.userId, userId))
        .limit(1);
      return row;
    },
    async startOn(userId: string, planId: number, tx: Db = db) {
      await tx
        .insert(subscriptions)
        .values({ userId, planId, status: 'active' })
        .onConflictDoNothing({ target: subscriptions.userId });
    },
    /** Locks the subscription row so concurrent quota checks serialise. */
    async lockSubscription(userId: string, tx: Db) {
      await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .for('update');
    },
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
