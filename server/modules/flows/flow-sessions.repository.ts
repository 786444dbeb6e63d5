import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowSessions, type FlowSessionState } from '../../db/schema';
import { isUniqueViolation } from '../../errors';

export type FlowSessionRow = typeof flowSessions.$inferSelect;

/** Why a session that did not complete ended. */
export type EndReason = 'dismissed' | 'unpublished' | 'deleted' | 'edited' | 'target_missing';

/**
 * Visitors' sessions of product tours (docs/flows.md, "Runtime decision"). A visitor is one key
 * (their user id, else their anonymous id); a product holds at most one open session per visitor
 * (a unique partial index), so two tabs asking at once cannot start two tours.
 */
/** One open session of a product: what every update of a running session matches. */
const openById = (brandId: number, id: string) =>
  and(eq(flowSessions.brandId, brandId), eq(flowSessions.id, id), eq(flowSessions.state, 'open'));

export function createFlowSessionsRepository(db: Db, opts: { now: () => Date }) {
  const { now } = opts;
  return {
    /** The visitor's open session in this product, under any of their keys. */
    async openFor(brandId: number, visitorKeys: string[]) {
      if (visitorKeys.length === 0) return undefined;
      const [row] = await db
        .select()
        .from(flowSessions)
        .where(
          and(
            eq(flowSessions.brandId, brandId),
            inArray(flowSessions.visitorKey, visitorKeys),
            eq(flowSessions.state, 'open'),
          ),
        )
        .limit(1);
      return row;
    },

    /** How many sessions of each tour the visitor started, under any of their keys. */
    async startedCounts(brandId: number, visitorKeys: string[]): Promise<Map<number, number>> {
      if (visitorKeys.length === 0) return new Map();
      const rows = await db
        .select({ flowId: flowSessions.flowId, n: count() })
        .from(flowSessions)
        .where(
          and(eq(flowSessions.brandId, brandId), inArray(flowSessions.visitorKey, visitorKeys)),
        )
        .groupBy(flowSessions.flowId);
      return new Map(rows.map((r) => [r.flowId, r.n]));
    },

    /**
     * Both of the above in one query: sessions started per tour, and the open one if any (the
     * runtime asks on every page view, so one round trip counts).
     */
    async visitorState(brandId: number, visitorKeys: string[]) {
      const started = new Map<number, number>();
      /** When the visitor's latest session of each tour ended (epoch ms). */
      const lastEnded = new Map<number, number>();
      let open: { id: string; flowId: number; currentStepId: string | null } | undefined;
      if (visitorKeys.length === 0) return { started, lastEnded, open };
      const rows = await db
        .select({
          flowId: flowSessions.flowId,
          n: count(),
          openId: sql<
            string | null
          >`max(case when ${flowSessions.state} = 'open' then ${flowSessions.id} end)`,
          endedAt: sql<Date | string | null>`max(${flowSessions.endedAt})`,
          openStep: sql<
            string | null
          >`max(case when ${flowSessions.state} = 'open' then ${flowSessions.currentStepId} end)`,
        })
        .from(flowSessions)
        .where(
          and(eq(flowSessions.brandId, brandId), inArray(flowSessions.visitorKey, visitorKeys)),
        )
        .groupBy(flowSessions.flowId);
      for (const r of rows) {
        started.set(r.flowId, Number(r.n));
        if (r.endedAt) lastEnded.set(r.flowId, new Date(r.endedAt).getTime());
        if (r.openId) open = { id: r.openId, flowId: r.flowId, currentStepId: r.openStep };
      }
      return { started, lastEnded, open };
    },

    /**
     * Starts a session on the tour's first step; undefined when the visitor already has an open
     * one (another request won the race).
     */
    async start(v: {
      brandId: number;
      flowId: number;
      visitorKey: string;
      stepId: string;
      userId?: string | null;
      anonymousId?: string | null;
    }) {
      const at = now();
      try {
        const [row] = await db
          .insert(flowSessions)
          .values({
            id: randomUUID(),
            brandId: v.brandId,
            flowId: v.flowId,
            visitorKey: v.visitorKey,
            userId: v.userId ?? null,
            anonymousId: v.anonymousId ?? null,
            currentStepId: v.stepId,
            startedAt: at,
            updatedAt: at,
          })
          .returning();
        return row;
      } catch (err) {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      }
    },

    /** A session of this product (another product's answers undefined). */
    async find(brandId: number, id: string) {
      const [row] = await db
        .select()
        .from(flowSessions)
        .where(and(eq(flowSessions.brandId, brandId), eq(flowSessions.id, id)));
      return row;
    },

    /**
     * Moves an open session to a step; progress only grows (a repeated or older report changes
     * nothing). Undefined when the session is not open any more.
     */
    async advance(brandId: number, id: string, stepId: string, progress: number) {
      const [row] = await db
        .update(flowSessions)
        .set({
          currentStepId: stepId,
          progress: sql`greatest(${flowSessions.progress}, ${progress})`,
          updatedAt: now(),
        })
        .where(openById(brandId, id))
        .returning();
      return row;
    },

    /**
     * Points an open session at another step without counting it as seen (a button's goto or
     * navigation: the next page resumes there). Undefined when the session is not open.
     */
    async moveTo(brandId: number, id: string, stepId: string) {
      const [row] = await db
        .update(flowSessions)
        .set({ currentStepId: stepId, updatedAt: now() })
        .where(openById(brandId, id))
        .returning();
      return row;
    },

    /** Ends an open session (completed, or dismissed); undefined when it was not open. */
    async end(
      brandId: number,
      id: string,
      state: Exclude<FlowSessionState, 'open'>,
      reason?: EndReason,
    ) {
      const at = now();
      const [row] = await db
        .update(flowSessions)
        .set({ state, endReason: reason ?? null, endedAt: at, updatedAt: at })
        .where(openById(brandId, id))
        .returning();
      return row;
    },

    /** Ends every open session of a tour (it was unpublished or replaced); how many ended. */
    async endAllOf(flowId: number, reason: EndReason) {
      const at = now();
      const rows = await db
        .update(flowSessions)
        .set({ state: 'ended', endReason: reason, endedAt: at, updatedAt: at })
        .where(and(eq(flowSessions.flowId, flowId), eq(flowSessions.state, 'open')))
        .returning({ id: flowSessions.id });
      return rows.length;
    },
  };
}
export type FlowSessionsRepository = ReturnType<typeof createFlowSessionsRepository>;
