import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { builderProbes, builderSessions } from '../../db/schema';

export type BuilderProbeRow = typeof builderProbes.$inferSelect;

/**
 * At most this many open pick pages of one step get a typed selector, the newest first
 * (docs/builder.md, "Live match count"): a marketer has a page or two open; the bound keeps the
 * editor's request one small statement whatever number of tokens an owner keeps alive.
 */
export const MAX_OPEN_PICK_PAGES = 20;

/**
 * Pending selectors to count, one per builder session (docs/builder.md, "Live match count").
 * The editor's side is owner-scoped (the sessions of the user's own flow and step); the
 * builder's side is keyed by the session its token opened.
 */
export function createBuilderProbeRepository(db: Db) {
  return {
    /**
     * The user's pick sessions of this flow and step whose token is alive, the open pages: the
     * newest MAX_OPEN_PICK_PAGES.
     */
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
        )
        .orderBy(desc(builderSessions.id))
        .limit(MAX_OPEN_PICK_PAGES);
    },
    /**
     * Sets the pending probe of each session, replacing the one before (one per session), in one
     * statement.
     */
    async put(sessionIds: readonly number[], probe: Omit<BuilderProbeRow, 'sessionId'>) {
      if (sessionIds.length === 0) return;
      await db
        .insert(builderProbes)
        .values(sessionIds.map((sessionId) => ({ sessionId, ...probe })))
        .onConflictDoUpdate({
          target: builderProbes.sessionId,
          set: probe,
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
