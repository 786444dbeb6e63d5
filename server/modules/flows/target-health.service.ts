import { and, asc, count, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  healthOf,
  TARGET_HEALTH_WINDOW_MS,
  type HealthFlow,
  type SessionGroup,
} from '../../../lib/flows/target-health';
import type { TargetHealth } from '../../../lib/contracts/target-health';
import type { Db } from '../../db/client';
import { ownedById } from '../../db/owned';
import { brands, flowSessions, flows, users } from '../../db/schema';
import type { MailMessage } from '../../mail/types';
import type { FlowSessionsRepository } from './flow-sessions.repository';
import { targetBrokenMail } from './target-health-mail';

const toDate = (v: Date | string | null) => (v === null ? null : new Date(v));

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
  /** This process's sweep while one runs (`sweep`). */
  let sweeping: Promise<number> | undefined;

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

  /** One sweep (`sweep`): the due tours a page at a time, each page claimed before it is computed. */
  async function sweepPages(pageSize: number): Promise<number> {
    const at = now();
    const dayAgo = new Date(at.getTime() - TARGET_HEALTH_WINDOW_MS);
    const claimedBefore = new Date(at.getTime() - TARGET_HEALTH_SWEEP_MS / 2);
    const due = and(
      eq(flows.published, true),
      or(isNull(flows.targetHealthMailedAt), lt(flows.targetHealthMailedAt, dayAgo)),
      or(isNull(flows.targetHealthSweptAt), lt(flows.targetHealthSweptAt, claimedBefore)),
    );
    let after = 0;
    let done = 0;
    for (;;) {
      const page = await db
        .select({ id: flows.id })
        .from(flows)
        .where(and(due, gt(flows.id, after)))
        .orderBy(asc(flows.id))
        .limit(pageSize);
      if (page.length === 0) return done;
      after = page.at(-1)!.id;
      // The claim: another sweep (this node's or another's) that read the same page gets none.
      const claimed = await db
        .update(flows)
        .set({ targetHealthSweptAt: at })
        .where(
          and(
            due,
            inArray(
              flows.id,
              page.map((f) => f.id),
            ),
          ),
        )
        .returning({
          id: flows.id,
          name: flows.name,
          published: flows.published,
          definition: flows.definition,
          pauseWhenBroken: flows.pauseWhenBroken,
        });
      if (claimed.length) await forFlows(claimed);
      done += claimed.length;
      if (page.length < pageSize) return done;
    }
  }

  const service = {
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
     * broken tour mails its owner even when nobody opens the dashboard (a job every
     * TARGET_HEALTH_SWEEP_MS: target-health-job.ts). Never twice at once: a call while this process sweeps gets
     * that sweep's answer, and each page's tours are claimed by one conditional update
     * (`target_health_swept_at`), so of the sweeps of several nodes one computes each tour. How
     * many tours this sweep computed.
     */
    sweep(pageSize = 200): Promise<number> {
      if (!sweeping)
        sweeping = sweepPages(pageSize).finally(() => {
          sweeping = undefined;
        });
      return sweeping;
    },
  };

  return service;
}

/** How often the server computes every published tour's health (target-health-job.ts). */
export const TARGET_HEALTH_SWEEP_MS = 15 * 60_000;
export type { HealthFlow };
export type TargetHealthService = ReturnType<typeof createTargetHealthService>;
