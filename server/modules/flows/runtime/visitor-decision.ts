import type { AvailableFlow } from '../../../../lib/contracts/flow-runtime';
import type { EventCondition } from '../../../../lib/contracts/flows';
import type { AnalyticsStore, EventRow } from '../../../analytics/types';
import type { KeyOwner } from '../../ingest/write-keys';
import type { ProfilesRepository } from '../../profiles/profiles.repository';
import type {
  FlowSessionRow,
  FlowSessionsRepository,
  VisitorIds,
} from '../flow-sessions.repository';
import { chooseFlow } from './decide';
import { FLOW_EVENTS, flowEventRow } from './flow-events';
import type { EventCounter, EventMemory } from './event-memory';
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
import { stepOnPage } from './steps';

/** An open session nobody touched for this long ends (`abandoned`) when its visitor next asks. */
export const ABANDONED_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** How many of a visitor's events an event condition looks at (the newest). */
export const VISITOR_EVENTS_READ = 5_000;

export interface AvailableFlowInput {
  userId?: string | null;
  userHash?: string;
  anonymousId: string;
  url: string;
  session_id?: string | null;
}

/**
 * The tour a visitor sees now (docs/flows.md, "Runtime decision"): their open session resumed if
 * it can go on, else the tour `chooseFlow` picks over the reads it needs, started. A fixed number
 * of reads per decision, whatever the number of tours and conditions
 * (docs/adr/0012-flow-runtime-cost.md). The caller (runtime.service.ts) holds the visitor's lock.
 */
export function createVisitorDecision(deps: {
  published: Pick<PublishedFlows, 'get'>;
  sessions: FlowSessionsRepository;
  profiles: Pick<ProfilesRepository, 'findVisitor'>;
  store: Pick<AnalyticsStore, 'query'>;
  memory?: Pick<EventMemory, 'counter'>;
  segments?: Pick<PublishedSegments, 'get'>;
  /** A published tour of the product, read again when `ok` says this node's copy is stale. */
  publishedFlow: (
    brandId: number,
    flowId: number,
    ok?: (f: PublishedFlow) => boolean,
  ) => Promise<PublishedFlow | undefined>;
  /** Writes flow events behind the answer. */
  record: (owner: KeyOwner, rows: EventRow[]) => void;
  now: () => Date;
}) {
  const { now, record } = deps;

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
    const flow = await deps.publishedFlow(brandId, open.flowId, hasStep);
    if (flow && hasStep(flow)) return answer(flow, open, url, true);
    await deps.sessions.end(brandId, open.id, 'ended', flow ? 'edited' : 'unpublished');
    return null;
  }

  /** The tour this visitor sees now, if any (under the visitor's lock). */
  return async function decide(
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
  };
}
