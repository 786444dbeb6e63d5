import { and, desc, eq, exists, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentMethods, payments, subscriptions } from '../../db/schema';
import type { InTx, PaymentMethodRow } from './payments.repository';

/**
 * Saved cards of an account (part of the payments repository). Every query filters by the user
 * id the caller took from the session. Which card is the default follows docs/billing.md#default-card.
 */
export function createCardsRepository(db: Db) {
  /** A charge with this card was paid (a scheduled change charges no card and does not count). */
  const paidWith = (tx: Db) =>
    exists(
      tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.paymentMethodId, paymentMethods.id),
            eq(payments.status, 'paid'),
            isNotNull(payments.cardLast4),
          ),
        ),
    );

  async function defaultMethod(userId: string, { tx = db }: InTx = {}) {
    const [row] = await tx
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)))
      .limit(1);
    return row;
  }

  return {
    async listMethods(userId: string) {
      return db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, userId))
        .orderBy(
          desc(paymentMethods.isDefault),
          desc(paymentMethods.createdAt),
          desc(paymentMethods.id),
        );
    },
    async findMethod(userId: string, id: number, { tx = db }: InTx = {}) {
      const [row] = await tx
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.id, id)))
        .limit(1);
      return row;
    },
    defaultMethod,
    /** Whether a charge with the card was ever paid: the card has worked. */
    async hasWorked(userId: string, id: number, { tx = db }: InTx = {}) {
      const [row] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.id, id), paidWith(tx)))
        .limit(1);
      return row !== undefined;
    },
    /** The newest card of the account, other than `exceptId`, that has worked. */
    async newestWorkingMethod(userId: string, exceptId: number, { tx = db }: InTx = {}) {
      const [row] = await tx
        .select()
        .from(paymentMethods)
        .where(
          and(eq(paymentMethods.userId, userId), ne(paymentMethods.id, exceptId), paidWith(tx)),
        )
        .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
        .limit(1);
      return row;
    },
    /**
     * Inserts a card the provider accepted; it becomes the default when the account has none
     * (its first card, or every earlier one failed a payment).
     */
    async insertMethod(values: Omit<typeof paymentMethods.$inferInsert, 'id' | 'isDefault'>) {
      return db.transaction(async (tx) => {
        // Serialises concurrent adds of one account so exactly one card becomes the default.
        await tx
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(eq(subscriptions.userId, values.userId))
          .for('update');
        const current = await defaultMethod(values.userId, { tx });
        const [row] = await tx
          .insert(paymentMethods)
          .values({ ...values, isDefault: !current })
          .returning();
        return row!;
      });
    },
    /** Deletes a card; when it was the default, the newest remaining card becomes default. */
    async deleteMethod(userId: string, id: number) {
      return db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(paymentMethods)
          .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.id, id)))
          .returning();
        if (!gone) return undefined;
        let newDefault: PaymentMethodRow | undefined;
        if (gone.isDefault) {
          const [next] = await tx
            .select()
            .from(paymentMethods)
            .where(eq(paymentMethods.userId, userId))
            .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
            .limit(1);
          if (next)
            [newDefault] = await tx
              .update(paymentMethods)
              .set({ isDefault: true })
              .where(eq(paymentMethods.id, next.id))
              .returning();
        }
        return { gone, newDefault };
      });
    },
    async setDefaultMethod(userId: string, id: number, { tx }: InTx = {}) {
      const run = async (t: Db) => {
        const [row] = await t
          .update(paymentMethods)
          .set({ isDefault: true })
          .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.id, id)))
          .returning();
        if (!row) return undefined;
        await t
          .update(paymentMethods)
          .set({ isDefault: false })
          .where(and(eq(paymentMethods.userId, userId), ne(paymentMethods.id, id)));
        return row;
      };
      return tx ? run(tx) : db.transaction(run);
    },
    /** The card stops being the default; the account has none until another card works. */
    async clearDefault(userId: string, id: number, { tx = db }: InTx = {}) {
      await tx
        .update(paymentMethods)
        .set({ isDefault: false })
        .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.id, id)));
    },
  };
}
