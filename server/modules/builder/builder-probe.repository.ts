import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { builderProbes, builderSessions } from '../../db/schema';

export type BuilderProbeRow = typeof builderProbes.$inferSelect;

/**
 * Pending selectors to count, one per builder session (docs/builder.md, "Live match count").
 * The editor's side is owner-scoped (the sessions of the user's own flow and step); the
 * builder's side is keyed by the session its token opened.
 */
export function createBuilderProbeRepository(db: Db) {
  return {
    /** The user's pick sessions of this flow and step whose token is alive: the open pages. */
    async openPages(userId: string, flowId: number, stepId: string, now: Date) {
      return db
        .select({ id: builderSessions.id })
        .from(builderSessions)
        .where(
          and(
            eq(builderSessions.userId, userId),
            eq(builderSessions.flowId, flowId),
            eq(builderSessions.stepId, stepId),
            eq(builderSessions.mode, 'pick'),
            isNotNull(builderSessions.tokenHash),
            gt(builderSessions.tokenExpiresAt, now),
          ),
        );
    },
    /** Sets the session's pending probe, replacing the one before (one per session). */
    async put(row: BuilderProbeRow) {
      await db
        .insert(builderProbes)
        .values(row)
        .onConflictDoUpdate({
          target: builderProbes.sessionId,
          set: { probeId: row.probeId, selector: row.selector, createdAt: row.createdAt },
        });
    },
    async pending(sessionId: number) {
      const [row] = await db
        .select()
        .from(builderProbes)
        .where(eq(builderProbes.sessionId, sessionId))
        .limit(1);
      return row;
    },
    /** Removes and returns the session's probe if it is still `probeId`; else undefined. */
    async take(sessionId: number, probeId: string) {
      const [row] = await db
        .delete(builderProbes)
        .where(and(eq(builderProbes.sessionId, sessionId), eq(builderProbes.probeId, probeId)))
        .returning();
      return row;
    },
  };
}
export type BuilderProbeRepository = ReturnType<typeof createBuilderProbeRepository>;
