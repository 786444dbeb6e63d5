import type {
  AvailableFlow,
  FlowDoneBody,
  FlowSessionAnswer,
  FlowTrackBody,
} from '../../../../lib/contracts/flow-runtime';
import type { EventCondition } from '../../../../lib/contracts/flows';
import type { Theme } from '../../../../lib/contracts/theme';
import { MESSAGES } from '../../../../lib/messages';
import type { AnalyticsStore, EventRow } from '../../../analytics/types';
import { AppError, notFound } from '../../../errors';
import { resolveCaller, verifySignedIdentity } from '../../ingest/ingest.service';
import type { KeyOwner, WriteKeys } from '../../ingest/write-keys';
import type { ProfilesRepository } from '../../profiles/profiles.repository';
import type {
  FlowSessionRow,
  FlowSessionsRepository,
  VisitorIds,
} from '../flow-sessions.repository';
import { createKeyedLock } from '../../../lib/keyed-lock';
import { chooseFlow } from './decide';
import { FLOW_EVENTS, flowEventRow } from './flow-events';
import type { EventCounter, EventMemory } from './event-memory';
import type { FlowEventQueue } from './flow-event-queue';
import type { PublishedFlow, PublishedFlows } from './published-flows';
import {
  countMatching,
  profileValues,
  readsNeeded,
  resting,
  stillPossible,
  type SeenEvent,
} from './reads';
import type { PublishedSegments } from './published-segments';
import { segmentMembership, segmentReads } from './segment-trigger';
import { clickTarget, stepOnPage } from './steps';

/** An open session nobody touched for this long ends (`abandoned`) when its visitor next asks. */
export const ABANDONED_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** How many of a visitor's events an event condition looks at (the newest). */
export const VISITOR_EVENTS_READ = 5_000;

export interface RuntimeCaller {
  writeKey: string | undefined;
  /** The request's Origin header (browsers): checked like ingestion's. */
  origin?: string;
  /** The client's address: too many unknown keys from it are refused (write-keys.ts). */
  address?: string;
}

export interface AvailableFlowInput {
  userId?: string | null;
  userHash?: string;
  anonymousId: string;
  url: string;
  session_id?: string | null;
}

/**
 * The flow runtime's three public calls (docs/flows.md, "Runtime API"): which tour a visitor
 * sees, and what they did with it. A fixed number of reads per decision, whatever the number of
 * tours and conditions (docs/adr/0012-flow-runtime-cost.md).
 */
export function createFlowRuntimeService(deps: {
  writeKeys: WriteKeys;
  published: PublishedFlows;
  sessions: FlowSessionsRepository;
  profiles: Pick<ProfilesRepository, 'findVisitor'>;
  store: Pick<AnalyticsStore, 'query'>;
  events: Pick<FlowEventQueue, 'push'>;
  /** The events of codes in use, kept in memory (embedded store only); else the store is read. */
  memory?: Pick<EventMemory, 'counter'>;
  /** The segments segment triggers read (published-segments.ts); without it they never hold. */
  segments?: Pick<PublishedSegments, 'get'>;
  /** The per-product limit on these calls (runtime-limit.ts); none when switched off. */
  limit?: (brandId: number) => Promise<void>;
  /**
   * The theme a tour plays in: the product's, under the tour's override (docs/theme.md), or null
   * for the default look.
   */
  theme?: (brandId: number, override?: unknown) => Promise<Theme | null>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const withLock = createKeyedLock();

  /** The calling product, once its key is accepted and it is within its rate. */
  const ownerOf = async (caller: RuntimeCaller) => {
    const owner = await resolveCaller(
      deps.writeKeys,
      caller.writeKey,
      caller.origin,
      caller.address,
    );
    await deps.limit?.(owner.brandId);
    return owner;
  };

  /**
   * A published tour of the product. One missing from this node's copy is read again first: this
   * node may be the one that has not heard of a change yet.
   */
  async function publishedFlow(brandId: number, flowId: number, ok = (_f: PublishedFlow) => true) {
    const flow = (await deps.published.get(brandId)).get(flowId);
    if (flow && ok(flow)) return flow;
    return (await deps.published.reload(brandId)).get(flowId);
  }

  /** Flow events are written after the answer (buffered); a failure never fails the call. */
  const record = (owner: KeyOwner, rows: EventRow[]) => deps.events.push(owner.ownerId, rows);

  /** The tour as the renderer gets it (steps sanitised again when the cache read them). */
  const runtimeFlow = (f: PublishedFlow) => ({ id: f.id, name: f.name, steps: f.steps });

  function answer(
    f: PublishedFlow,
    s: Pick<FlowSessionRow, 'id' | 'currentStepId'>,
    url: string,
    resumed: boolean,
  ): AvailableFlow {
    const step = f.definition.steps.find((x) => x.id === s.currentStepId);
    return {
      flow: runtimeFlow(f),
      session: {
        id: s.id,
        current_step_id: s.currentStepId,
        resumed,
        on_this_page: stepOnPage(step, url),
      },
    };
  }

  /** A session of this product and tour, or 404 (another product's session never answers). */
  async function sessionOf(owner: KeyOwner, flowId: number, sessionId: string) {
    const s = await deps.sessions.find(owner.brandId, sessionId);
    if (!s || s.flowId !== flowId) throw notFound(MESSAGES.flows.sessionNotFound);
    return s;
  }

  const closed = (s: FlowSessionRow): FlowSessionAnswer => ({
    session_id: s.id,
    state: s.state,
    recorded: false,
  });

  /**
   * The visitor's open session, if it can go on: not idle for a week, its tour still published
   * and its step still there.
   */
  async function resume(brandId: number, open: FlowSessionRow, url: string, at: Date) {
    if (at.getTime() - open.updatedAt.getTime() > ABANDONED_AFTER_MS) {
      await deps.sessions.end(brandId, open.id, 'ended', 'abandoned');
      return null;
    }
    const hasStep = (f: PublishedFlow) =>
      f.definition.steps.some((s) => s.id === open.currentStepId);
    const flow = await publishedFlow(brandId, open.flowId, hasStep);
    if (flow && hasStep(flow)) return answer(flow, open, url, true);
    await deps.sessions.end(brandId, open.id, 'ended', flow ? 'edited' : 'unpublished');
    return null;
  }

  /** The tour this visitor sees now, if any (under the visitor's lock: see `available`). */
  async function decide(
    owner: KeyOwner,
    visitor: VisitorIds,
    input: AvailableFlowInput,
  ): Promise<AvailableFlow> {
    const { brandId } = owner;
    const { userId } = visitor;
    const at = now();
    const published = await deps.published.get(brandId);
    const { started, lastEnded, hasOpen } = await deps.sessions.visitorState(brandId, visitor);
    if (hasOpen) {
      const open = await deps.sessions.openFor(brandId, visitor);
      const resumed = open && (await resume(brandId, open, input.url, at));
      if (resumed) return resumed;
    }

    const sessionsOf = (id: number) => started.get(id) ?? 0;
    const awake =
      lastEnded.size === 0
        ? published.values()
        : [...published.values()].filter((f) => !resting(lastEnded.get(f.id), at.getTime()));
    const possible = stillPossible(awake, input.url, sessionsOf);
    if (possible.length === 0) return null;
    const segments = await segmentReads(deps.segments, brandId, possible);
    const needs = readsNeeded(possible, at.getTime(), segments ?? undefined);
    const claimed = visitor.claimedUserId ?? null;
    const row =
      needs.profile || (claimed !== null && needs.events.length > 0)
        ? await deps.profiles.findVisitor(brandId, visitor)
        : undefined;
    const profile = needs.profile && row ? profileValues(row) : {};
    // An unsigned user id counts that user's events only from a browser whose anonymous id is
    // already on the user's profile (the SDK's identify put it there): docs/flows.md, "Who a
    // visitor is". It still keys no session.
    const counted =
      claimed !== null && row?.customerKey === claimed ? { ...visitor, userId: claimed } : visitor;
    // Made after the last await: the counter reads the memory as it is now.
    let counter: EventCounter | null =
      needs.events.length > 0
        ? (deps.memory?.counter(brandId, counted, needs.eventKeys) ?? null)
        : null;
    if (needs.events.length > 0 && !counter) {
      const events: SeenEvent[] = await deps.store.query({
        kind: 'visitorEvents',
        brandId,
        userId: counted.userId,
        anonymousId: input.anonymousId,
        events: needs.events,
        from: needs.from === null ? null : new Date(needs.from),
        limit: VISITOR_EVENTS_READ,
      });
      counter = (c, t) => countMatching(events, c, t);
    }
    const eventCount = (c: EventCondition) => (counter ? counter(c, at.getTime()) : 0);
    const inSegment =
      segments && segmentMembership(segments.definitions, { profile, eventCount }, at.getTime());
    const chosen = chooseFlow(
      possible,
      input.url,
      {
        profile,
        eventCount: (_flowId, c) => eventCount(c),
        sessionsOf,
        inSegment: inSegment || undefined,
      },
      at.getTime(),
    ) as PublishedFlow | null;
    if (!chosen) return null;

    const first = chosen.definition.steps[0]!;
    const session = await deps.sessions.start({
      brandId,
      flowId: chosen.id,
      visitorKey: userId ?? input.anonymousId,
      userId,
      anonymousId: input.anonymousId,
      stepId: first.id,
    });
    if (!session) {
      // Another tab started a tour at the same moment: show that one.
      const other = await deps.sessions.openFor(brandId, visitor);
      const flow = other && published.get(other.flowId);
      return other && flow ? answer(flow, other, input.url, true) : null;
    }
    record(owner, [
      flowEventRow(session, FLOW_EVENTS.started, at, {
        flowName: chosen.name,
        stepId: first.id,
        stepIndex: 0,
      }),
    ]);
    return answer(chosen, session, input.url, false);
  }

  return {
    async available(caller: RuntimeCaller, input: AvailableFlowInput): Promise<AvailableFlow> {
      const owner = await ownerOf(caller);
      const brandId = owner.brandId;
      // Who is asking (docs/flows.md, "Who a visitor is"): a user id is believed only when signed
      // (or sent with the secret server key). Anyone holding the public write key may send any
      // user id, so an unsigned one acts as the anonymous visitor that sent it: it reads no
      // profile, starts no session under that user and reaches no other browser's sessions.
      const claimed = input.userId ?? null;
      const signed =
        claimed !== null &&
        (owner.trusted ||
          verifySignedIdentity(claimed, input.userHash ?? null, owner.identitySecret));
      const userId = signed ? claimed : null;
      const visitor = {
        userId,
        anonymousId: input.anonymousId,
        claimedUserId: signed ? null : claimed,
      };
      // One decision per visitor at a time: two tabs asking at once cannot both start a tour, and
      // a start written behind the answer is seen by the visitor's next decision.
      const decideFor = () => decide(owner, visitor, input);
      const anonymousKey = `${brandId}\u0000a\u0000${input.anonymousId}`;
      const shown = await withLock(anonymousKey, () =>
        userId ? withLock(`${brandId}\u0000u\u0000${userId}`, decideFor) : decideFor(),
      );
      // A tour plays in the product's theme, merged here with the tour's override so the SDK gets
      // one theme; without one the answer is as before.
      if (!shown || !deps.theme) return shown;
      const tour = (await deps.published.get(brandId)).get(shown.flow.id);
      const theme = await deps.theme(brandId, tour?.definition.theme_override);
      return theme ? { ...shown, theme } : shown;
    },

    async track(
      caller: RuntimeCaller,
      flowId: number,
      body: FlowTrackBody,
    ): Promise<FlowSessionAnswer> {
      const owner = await ownerOf(caller);
      const s = await sessionOf(owner, flowId, body.session_id);
      if (s.state !== 'open') return closed(s);
      const flow = await publishedFlow(owner.brandId, flowId);
      if (!flow) {
        const ended = await deps.sessions.end(owner.brandId, s.id, 'ended', 'unpublished');
        return closed(ended ?? s);
      }
      const steps = flow.definition.steps;
      const index = steps.findIndex((x) => x.id === body.step_id);
      if (index < 0) throw new AppError(400, 'unknown_step', MESSAGES.flows.unknownStep);
      const step = steps[index]!;
      const at = now();
      const props = { stepId: step.id, stepIndex: index };
      let row: FlowSessionRow | undefined;
      let event = FLOW_EVENTS.stepSeen as (typeof FLOW_EVENTS)[keyof typeof FLOW_EVENTS];
      let buttonId: string | undefined;
      if (body.type === 'step_seen') {
        row = await deps.sessions.advance(owner.brandId, s.id, step.id, index + 1);
      } else if (body.type === 'target_missing') {
        event = FLOW_EVENTS.targetMissing;
        row = await deps.sessions.end(owner.brandId, s.id, 'ended', 'target_missing');
      } else {
        event = FLOW_EVENTS.buttonClicked;
        const click = clickTarget(steps, index, body.button_id);
        if (!click) throw new AppError(400, 'unknown_button', MESSAGES.flows.unknownButton);
        buttonId = body.button_id;
        row = click.to ? await deps.sessions.moveTo(owner.brandId, s.id, click.to.id) : s;
      }
      if (!row) return closed((await deps.sessions.find(owner.brandId, s.id)) ?? s);
      record(owner, [flowEventRow(s, event, at, { ...props, buttonId })]);
      return { session_id: s.id, state: row.state, recorded: true };
    },

    async done(
      caller: RuntimeCaller,
      flowId: number,
      body: FlowDoneBody,
    ): Promise<FlowSessionAnswer> {
      const owner = await ownerOf(caller);
      const s = await sessionOf(owner, flowId, body.session_id);
      if (s.state !== 'open') return closed(s);
      const ended = await deps.sessions.end(
        owner.brandId,
        s.id,
        body.outcome,
        body.outcome === 'dismissed' ? 'dismissed' : undefined,
      );
      if (!ended) return closed((await deps.sessions.find(owner.brandId, s.id)) ?? s);
      const flow = await publishedFlow(owner.brandId, flowId);
      const index = flow?.definition.steps.findIndex((x) => x.id === s.currentStepId) ?? -1;
      record(owner, [
        flowEventRow(
          s,
          body.outcome === 'completed' ? FLOW_EVENTS.completed : FLOW_EVENTS.dismissed,
          now(),
          { stepId: s.currentStepId, stepIndex: index, reason: body.reason },
        ),
      ]);
      return { session_id: s.id, state: ended.state, recorded: true };
    },
  };
}
export type FlowRuntimeService = ReturnType<typeof createFlowRuntimeService>;
