import type {
  AvailableFlow,
  FlowDoneBody,
  FlowSessionAnswer,
  FlowTrackBody,
} from '../../../../lib/contracts/flow-runtime';
import type { Theme } from '../../../../lib/contracts/theme';
import { MESSAGES } from '../../../../lib/messages';
import type { AnalyticsStore, EventRow } from '../../../analytics/types';
import { AppError, notFound } from '../../../errors';
import { resolveCaller, verifySignedIdentity } from '../../ingest/ingest.service';
import type { KeyOwner, WriteKeys } from '../../ingest/write-keys';
import type { ProfilesRepository } from '../../profiles/profiles.repository';
import type { FlowSessionRow, FlowSessionsRepository } from '../flow-sessions.repository';
import { createKeyedLock } from '../../../lib/keyed-lock';
import { FLOW_EVENTS, flowEventRow } from './flow-events';
import type { EventMemory } from './event-memory';
import type { FlowEventQueue } from './flow-event-queue';
import type { PublishedFlow, PublishedFlows } from './published-flows';
import type { PublishedSegments } from './published-segments';
import { clickTarget } from './steps';
import { createVisitorDecision, type AvailableFlowInput } from './visitor-decision';

export {
  ABANDONED_AFTER_MS,
  VISITOR_EVENTS_READ,
  type AvailableFlowInput,
} from './visitor-decision';

export interface RuntimeCaller {
  writeKey: string | undefined;
  /** The request's Origin header (browsers): checked like ingestion's. */
  origin?: string;
  /** The client's address: too many unknown keys from it are refused (write-keys.ts). */
  address?: string;
}

/**
 * The flow runtime's three public calls (docs/flows.md, "Runtime API"): which tour a visitor
 * sees (the caller's key, identity and lock here; the decision in visitor-decision.ts), and what
 * they did with it (steps, buttons and the end of a session, with their flow events).
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

  const decide = createVisitorDecision({ ...deps, publishedFlow, record, now });

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
