import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowSessions, type FlowSessionState } from '../../db/schema';
import { isUniqueViolation } from '../../errors';

export type FlowSessionRow = typeof flowSessions.$inferSelect;

/** Why a session that did not complete ended. */
export type EndReason =
  'dismissed' | 'unpublished' | 'deleted' | 'edited' | 'target_missing' | 'abandoned';

/**
 * Visitors' sessions of product tours (docs/flows.md, "Runtime decision"). A visitor is one key
 * (their user id, else their anonymous id); a product holds at most one open session per visitor
 * (a unique partial index), so two tabs asking at once cannot start two tours.
 */
/** A visitor: their verified user id (if any) and the anonymous id their browser keeps. */
export interface VisitorIds {
  userId: string | null;
  anonymousId: string;
  /**
   * A user id the visitor sent without a valid signature (docs/flows.md, "Who a visitor is"): not
   * believed, so it keys nothing new, and it reaches only sessions that user started from this
   * same anonymous id (their own browser), never another visitor's.
   */
  claimedUserId?: string | null;
}

/**
 * The visitor's sessions in a product: those keyed by their user id, and the anonymous ones
 * (started without a user id) of their anonymous id. An anonymous id equal to someone's user id
 * never reaches that user's sessions.
 */
const ofVisitor = (brandId: number, v: VisitorIds) =>
  and(
    eq(flowSessions.brandId, brandId),
    or(
      v.userId ? eq(flowSessions.visitorKey, v.userId) : undefined,
      and(eq(flowSessions.visitorKey, v.anonymousId), isNull(flowSessions.userId)),
      v.claimedUserId
        ? and(
            eq(flowSessions.visitorKey, v.claimedUserId),
            eq(flowSessions.anonymousId, v.anonymousId),
          )
        : undefined,
    ),
  );

/** One open session of a product: what every update of a running session matches. */
const openById = (brandId: number, id: string) =>
  and(eq(flowSessions.brandId, brandId), eq(flowSessions.id, id), eq(flowSessions.state, 'open'));

/** What a new session needs: the tour, its first step and the visitor it is shown to. */
export interface SessionStart {
  brandId: number;
  flowId: number;
  visitorKey: string;
  stepId: string;
  userId?: string | null;
  anonymousId?: string | null;
}

/** A session as `start` writes it: open, on the tour's first step, with a random id. */
export function newSession(v: SessionStart, at: Date): FlowSessionRow {
  return {
    id: randomUUID(),
    brandId: v.brandId,
    flowId: v.flowId,
    visitorKey: v.visitorKey,
    userId: v.userId ?? null,
    anonymousId: v.anonymousId ?? null,
    state: 'open',
    currentStepId: v.stepId,
    progress: 0,
    endReason: null,
    startedAt: at,
    updatedAt: at,
    endedAt: null,
  };
}

export function createFlowSessionsRepository(db: Db, opts: { now: () => Date }) {
  const { now } = opts;
  // A new visitor's first tour writes one row: prepared once, nothing read back.
  const insertSession = db
    .insert(flowSessions)
    .values({
      id: sql.placeholder('id'),
      brandId: sql.placeholder('brandId'),
      flowId: sql.placeholder('flowId'),
      visitorKey: sql.placeholder('visitorKey'),
      userId: sql.placeholder('userId'),
      anonymousId: sql.placeholder('anonymousId'),
      currentStepId: sql.placeholder('stepId'),
      startedAt: sql.placeholder('at'),
      updatedAt: sql.placeholder('at'),
    })
    .prepare('flow_sessions_start');

  /** Writes a session built by `newSession`; false when the visitor already has an open one. */
  const insert = async (row: FlowSessionRow): Promise<boolean> => {
    try {
      await insertSession.execute({ ...row, stepId: row.currentStepId, at: row.startedAt });
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  };

  return {
    /**
     * The visitor's open session in this product: the newest, if two of their keys each hold
     * one (an anonymous tab and a signed-in one that asked at the same moment).
     */
    async openFor(brandId: number, visitor: VisitorIds): Promise<FlowSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(flowSessions)
        .where(and(ofVisitor(brandId, visitor), eq(flowSessions.state, 'open')))
        .orderBy(desc(flowSessions.updatedAt))
        .limit(1);
      return row;
    },

    /**
     * In one query: how many sessions of each tour the visitor started, when their latest of each
     * ended, and whether one is open (then `openFor` reads it: rare, so no second read usually).
     */
    async visitorState(brandId: number, visitor: VisitorIds) {
      const started = new Map<number, number>();
      /** When the visitor's latest session of each tour ended (epoch ms). */
      const lastEnded = new Map<number, number>();
      const rows = await db
        .select({
          flowId: flowSessions.flowId,
          n: count(),
          endedAt: sql<Date | string | null>`max(${flowSessions.endedAt})`,
          open: sql<number>`count(*) filter (where ${flowSessions.state} = 'open')`,
        })
        .from(flowSessions)
        .where(ofVisitor(brandId, visitor))
        .groupBy(flowSessions.flowId);
      let hasOpen = false;
      for (const r of rows) {
        started.set(r.flowId, Number(r.n));
        if (r.endedAt) lastEnded.set(r.flowId, new Date(r.endedAt).getTime());
        if (Number(r.open) > 0) hasOpen = true;
      }
      return { started, lastEnded, hasOpen };
    },

    /**
     * Starts a session on the tour's first step; undefined when the visitor already has an open
     * one (another request won the race).
     */
    async start(v: SessionStart) {
      const row = newSession(v, now());
      return (await insert(row)) ? row : undefined;
    },

    insert,

    /**
     * Writes sessions built by `newSession` in one statement; the ids written. A row left out met
     * an open session of its visitor. Any other failure (a tour deleted meanwhile) fails them all.
     */
    async insertMany(rows: FlowSessionRow[]): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      // One bound value however many rows: the ORM's multi-row insert took about a millisecond
      // of this thread to build for twenty sessions.
      const json = JSON.stringify(
        rows.map((r) => ({
          id: r.id,
          brand_id: r.brandId,
          flow_id: r.flowId,
          visitor_key: r.visitorKey,
          user_id: r.userId,
          anonymous_id: r.anonymousId,
          current_step_id: r.currentStepId,
          at: r.startedAt.toISOString(),
        })),
      );
      const result = await db.execute(sql`
        INSERT INTO flow_sessions (id, brand_id, flow_id, visitor_key, user_id, anonymous_id,
          current_step_id, started_at, updated_at)
        SELECT id, brand_id, flow_id, visitor_key, user_id, anonymous_id, current_step_id, at, at
        FROM jsonb_to_recordset(${json}::jsonb) AS x(id text, brand_id integer, flow_id integer,
          visitor_key text, user_id text, anonymous_id text, current_step_id text, at timestamptz)
        ON CONFLICT DO NOTHING
        RETURNING id`);
      return new Set((result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id));
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

    /** Every visitor key that holds a session in this product (what seen-visitors.ts loads). */
    async visitorKeys(brandId: number) {
      const rows = await db
        .selectDistinct({ key: flowSessions.visitorKey })
        .from(flowSessions)
        .where(eq(flowSessions.brandId, brandId));
      return rows.map((r) => r.key);
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
