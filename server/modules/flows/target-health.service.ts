import { and, asc, count, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  stepHealth,
  TARGET_HEALTH_WINDOW_MS,
  tooFewViews,
  worstHealth,
} from '../../../lib/flows/target-health';
import type { StepTargetHealth, TargetHealth } from '../../../lib/contracts/target-health';
import type { Db } from '../../db/client';
import { ownedById } from '../../db/owned';
import { brands, flowSessions, flows, users, type FlowDefinition } from '../../db/schema';
import type { MailMessage } from '../../mail/types';
import type { FlowSessionsRepository } from './flow-sessions.repository';
import { targetBrokenMail } from './target-health-mail';

/** What the health of a tour needs of it. */
export interface HealthFlow {
  id: number;
  name: string;
  published: boolean;
  definition: Pick<FlowDefinition, 'steps'>;
  /** Unpublish it when it turns broken (false when absent). */
  pauseWhenBroken?: boolean;
}

/** One group of a tour's sessions in the window (see `sessionGroups`). */
interface SessionGroup {
  flowId: number;
  stepId: string | null;
  progress: number;
  missing: boolean;
  /** Steps whose target changed after these sessions started: they do not count there. */
  stale: readonly string[];
  n: number;
  last: Date | null;
}

const toDate = (v: Date | string | null) => (v === null ? null : new Date(v));

/**
 * A tour's target health from its sessions' groups (docs/flows.md, "Target health"). A session
 * viewed step i when its progress reached i + 1, or when it ended on step i because the target
 * was missing (the renderer may report that without a view first). A session started before the
 * step's target last changed counts for nothing on that step.
 */
export function healthOf(flow: HealthFlow, groups: readonly SessionGroup[]): TargetHealth {
  const steps: StepTargetHealth[] = [];
  flow.definition.steps.forEach((step, i) => {
    let views = 0;
    let missing = 0;
    let last: number | null = null;
    for (const g of groups) {
      if (g.stale.includes(step.id)) continue;
      const missedHere = g.missing && g.stepId === step.id;
      if (missedHere) missing += g.n;
      if (g.progress >= i + 1) {
        views += g.n;
        if (g.last && (last === null || g.last.getTime() > last)) last = g.last.getTime();
      } else if (missedHere) views += g.n;
    }
    const target = step.select_element;
    // Only steps with a target can go missing; others still count towards step 1's attempts.
    if (!target?.selector) return;
    steps.push({
      step_id: step.id,
      status: stepHealth({ views, missing }, i === 0),
      selector: target.selector,
      views,
      missing,
      insufficient_data: tooFewViews({ views, missing }),
      last_found_at: last === null ? null : new Date(last).toISOString(),
      pages: target.url ? [target.url] : [],
    });
  });
  const status = worstHealth(steps.map((s) => s.status));
  return { status, steps, pause_when_broken: flow.pauseWhenBroken ?? false };
}

/**
 * Target health of tours from the sessions the runtime records (flow_sessions): one grouped query
 * for any number of tours, and the owner's e-mail when a tour turns broken, at most once a day per
 * tour (docs/flows.md, "Target health").
 */
export function createTargetHealthService(deps: {
  db: Db;
  /** Delivers in the background (server/mail/mailer.ts createDeliveryQueue). */
  mail?: { deliver(message: MailMessage): void };
  appUrl?: string;
  /** What pausing a broken tour needs: its open sessions end, the runtime's cache reloads. */
  sessions?: Pick<FlowSessionsRepository, 'endAllOf'>;
  onChanged?: (brandId: number) => Promise<void>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { db } = deps;

  /**
   * The sessions of the tours started in the window and since the tour was last published (a
   * tour published again, once fixed, starts afresh), grouped: bounded by tours × steps.
   */
  async function sessionGroups(ids: number[], since: Date): Promise<SessionGroup[]> {
    if (ids.length === 0) return [];
    // The steps whose target changed after the session started (flows.target_changed_at), as
    // JSON text: a few distinct values per tour, so the groups stay bounded.
    const sessions = db
      .select({
        flowId: flowSessions.flowId,
        stepId: flowSessions.currentStepId,
        progress: flowSessions.progress,
        missing: sql<boolean>`coalesce(${flowSessions.endReason} = 'target_missing', false)`.as(
          'missing',
        ),
        stale: sql<string>`coalesce((
          select jsonb_agg(c.key order by c.key)
          from jsonb_each_text(${flows.targetChangedAt}) as c(key, value)
          where c.value::timestamptz > ${flowSessions.startedAt}
        ), '[]'::jsonb)::text`.as('stale'),
        updatedAt: flowSessions.updatedAt,
      })
      .from(flowSessions)
      .innerJoin(flows, eq(flows.id, flowSessions.flowId))
      .where(
        and(
          inArray(flowSessions.flowId, ids),
          gte(flowSessions.startedAt, since),
          or(isNull(flows.publishedAt), gte(flowSessions.startedAt, flows.publishedAt)),
        ),
      )
      .as('s');
    const rows = await db
      .select({
        flowId: sessions.flowId,
        stepId: sessions.stepId,
        progress: sessions.progress,
        missing: sessions.missing,
        stale: sessions.stale,
        n: count(),
        last: sql<Date | null>`max(${sessions.updatedAt})`.mapWith(flowSessions.updatedAt),
      })
      .from(sessions)
      .groupBy(
        sessions.flowId,
        sessions.stepId,
        sessions.progress,
        sessions.missing,
        sessions.stale,
      );
    return rows.map((r) => ({
      flowId: r.flowId,
      stepId: r.stepId,
      progress: Number(r.progress),
      missing: r.missing === true || String(r.missing) === 'true',
      stale: JSON.parse(String(r.stale)) as string[],
      n: Number(r.n),
      last: toDate(r.last),
    }));
  }

  /**
   * Tells the owner of each broken published tour, unless they were told in the last day: the
   * mark is set by one conditional update, so two computations at once send one e-mail.
   */
  async function notifyBroken(
    broken: HealthFlow[],
    health: Map<number, TargetHealth>,
    paused: Set<number>,
  ) {
    if (!deps.mail || broken.length === 0) return;
    const at = now();
    const dayAgo = new Date(at.getTime() - TARGET_HEALTH_WINDOW_MS);
    const marked = await db
      .update(flows)
      .set({ targetHealthMailedAt: at })
      .where(
        and(
          inArray(
            flows.id,
            broken.map((f) => f.id),
          ),
          or(isNull(flows.targetHealthMailedAt), lt(flows.targetHealthMailedAt, dayAgo)),
        ),
      )
      .returning({ id: flows.id });
    if (marked.length === 0) return;
    const owners = await db
      .select({ id: flows.id, email: users.email, name: users.name })
      .from(flows)
      .innerJoin(brands, eq(brands.id, flows.brandId))
      .innerJoin(users, eq(users.id, brands.ownerId))
      .where(
        inArray(
          flows.id,
          marked.map((m) => m.id),
        ),
      );
    for (const o of owners) {
      const flow = broken.find((f) => f.id === o.id);
      const h = health.get(o.id);
      if (!flow || !h) continue;
      deps.mail.deliver(targetBrokenMail(o, flow, h, deps.appUrl ?? '', paused.has(o.id)));
    }
  }

  /**
   * Unpublishes broken tours whose owner asked for it (as an unpublish by hand: open sessions
   * end, the runtime's cache reloads); the ids paused.
   */
  async function pauseBroken(list: HealthFlow[]): Promise<Set<number>> {
    if (list.length === 0) return new Set();
    const rows = await db
      .update(flows)
      .set({ published: false, publishedAt: null, updatedAt: now() })
      .where(
        and(
          inArray(
            flows.id,
            list.map((f) => f.id),
          ),
          eq(flows.published, true),
          eq(flows.pauseWhenBroken, true),
        ),
      )
      .returning({ id: flows.id, brandId: flows.brandId });
    for (const r of rows) await deps.sessions?.endAllOf(r.id, 'unpublished');
    for (const brandId of new Set(rows.map((r) => r.brandId))) await deps.onChanged?.(brandId);
    return new Set(rows.map((r) => r.id));
  }

  /**
   * The health of each published tour given (drafts have none), in one query; broken ones are
   * mailed to their owner at most once a day.
   */
  async function forFlows(list: readonly HealthFlow[]): Promise<Map<number, TargetHealth>> {
    const published = list.filter((f) => f.published);
    const since = new Date(now().getTime() - TARGET_HEALTH_WINDOW_MS);
    const groups = await sessionGroups(
      published.map((f) => f.id),
      since,
    );
    const byFlow = new Map<number, SessionGroup[]>();
    for (const g of groups) {
      const of = byFlow.get(g.flowId);
      if (of) of.push(g);
      else byFlow.set(g.flowId, [g]);
    }
    const health = new Map<number, TargetHealth>();
    for (const f of published) health.set(f.id, healthOf(f, byFlow.get(f.id) ?? []));
    const broken = published.filter((f) => health.get(f.id)?.status === 'broken');
    const paused = await pauseBroken(broken.filter((f) => f.pauseWhenBroken));
    await notifyBroken(broken, health, paused);
    return health;
  }

  return {
    forFlows,

    /** Sets a tour's "pause automatically when broken"; undefined when the owner has no such tour. */
    async setPauseWhenBroken(ownerId: string, id: number, value: boolean) {
      const [row] = await db
        .update(flows)
        .set({ pauseWhenBroken: value })
        .where(ownedById(db, flows, ownerId, id))
        .returning({ pauseWhenBroken: flows.pauseWhenBroken });
      return row ? { pause_when_broken: row.pauseWhenBroken } : undefined;
    },

    /**
     * Computes every published tour not mailed in the last day, `pageSize` tours a query, so a
     * broken tour mails its owner even when nobody opens the dashboard (server/index.ts runs it
     * every TARGET_HEALTH_SWEEP_MS). How many tours were computed.
     */
    async sweep(pageSize = 200): Promise<number> {
      const dayAgo = new Date(now().getTime() - TARGET_HEALTH_WINDOW_MS);
      let after = 0;
      let done = 0;
      for (;;) {
        const page = await db
          .select({
            id: flows.id,
            name: flows.name,
            published: flows.published,
            definition: flows.definition,
            pauseWhenBroken: flows.pauseWhenBroken,
          })
          .from(flows)
          .where(
            and(
              eq(flows.published, true),
              gt(flows.id, after),
              or(isNull(flows.targetHealthMailedAt), lt(flows.targetHealthMailedAt, dayAgo)),
            ),
          )
          .orderBy(asc(flows.id))
          .limit(pageSize);
        if (page.length === 0) return done;
        await forFlows(page);
        done += page.length;
        after = page.at(-1)!.id;
        if (page.length < pageSize) return done;
      }
    },
  };
}

/** How often the server computes every published tour's health (server/index.ts). */
export const TARGET_HEALTH_SWEEP_MS = 15 * 60_000;
export type TargetHealthService = ReturnType<typeof createTargetHealthService>;
