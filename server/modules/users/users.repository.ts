import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export function createUsersRepository(db: Db) {
  return {
    async findByEmail(email: string, tx: Db = db) {
      const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },
    async findById(id: string, tx: Db = db) {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /** Inserts unless the e-mail exists; returns undefined on conflict. */
    async insert(
      values: { id: string; email: string; name: string; passwordHash: string },
      tx: Db = db,
    ) {
      const [row] = await tx
        .insert(users)
        .values(values)
        .onConflictDoNothing({ target: users.email })
        .returning();
      return row;
    },
    async update(
      id: string,
      values: Partial<Pick<UserRow, 'name' | 'avatar' | 'passwordHash' | 'emailVerifiedAt'>>,
      tx: Db = db,
    ) {
      const [row] = await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** The public shape of a user (docs/product/entities.md#current-user). */
export function toUserDto(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    avatar: u.avatar,
    stripe_customer_id: u.stripeCustomerId,
  };
}
