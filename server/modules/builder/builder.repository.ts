import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { builderSessions } from '../../db/schema';

export type BuilderSessionRow = typeof builderSessions.$inferSelect;
export type NewBuilderSession = Omit<
  typeof builderSessions.$inferInsert,
  'id' | 'codeUsedAt' | 'tokenHash' | 'tokenExpiresAt'
>;

/**
 * Builder sessions by the hash of their code or token (docs/builder.md). The secret is the
 * credential, so these reads take no owner: the row names its user, product, flow and step.
 */
export function createBuilderRepository(db: Db) {
  return {
    async insert(values: NewBuilderSession) {
      await db.insert(builderSessions).values(values);
    },
    /** Forgets sessions whose code (never exchanged) or token has expired. */
    async purgeExpired(now: Date) {
      await db
        .delete(builderSessions)
        .where(
          lt(
            sql`coalesce(${builderSessions.tokenExpiresAt}, ${builderSessions.codeExpiresAt})`,
            now,
          ),
        );
    },
    async findByCode(codeHash: string) {
      const [row] = await db
        .select()
        .from(builderSessions)
        .where(eq(builderSessions.codeHash, codeHash))
        .limit(1);
      return row;
    },
    /**
     * Marks the code used, once: of two exchanges at the same time only one gets the row back,
     * whatever happens next.
     */
    async claimCode(id: number, now: Date) {
      const [row] = await db
        .update(builderSessions)
        .set({ codeUsedAt: now })
        .where(and(eq(builderSessions.id, id), isNull(builderSessions.codeUsedAt)))
        .returning();
      return row;
    },
    async issueToken(id: number, tokenHash: string, expiresAt: Date) {
      await db
        .update(builderSessions)
        .set({ tokenHash, tokenExpiresAt: expiresAt })
        .where(eq(builderSessions.id, id));
    },
    /** Ends a session at once (Cancel in the builder): its token is refused from then on. */
    async revoke(id: number) {
      await db.delete(builderSessions).where(eq(builderSessions.id, id));
    },
    async findByToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(builderSessions)
        .where(eq(builderSessions.tokenHash, tokenHash))
        .limit(1);
      return row;
    },
  };
}
export type BuilderRepository = ReturnType<typeof createBuilderRepository>;
