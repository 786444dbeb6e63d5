/**
 * The 30-day history of the demo's product tours (scripts/seed-demo-tours.ts): the visitors'
 * sessions and the flow events they would have stored.
 *
 * The runtime stamps "now", so the past is written directly: `flow_sessions` rows with explicit
 * times and the flow events a real visitor's calls would have stored (`flowEventRow`). Each
 * session follows the runtime's rules (docs/flows.md, "Runtime decision"): the welcome tour is
 * shown once per visitor, the pricing tour at most three times with 30 minutes of rest, never two
 * sessions of one visitor at once. Sessions start in the visitors' visits
 * (scripts/seed-demo-traffic.ts), so they follow the same hours and days.
 */
import { createHash } from 'node:crypto';
import type { EventRow } from '../server/analytics/types';
import type { FlowSessionState } from '../server/db/schema';
import type { FlowSessionRow } from '../server/modules/flows/flow-sessions.repository';
import { FLOW_EVENTS, flowEventRow } from '../server/modules/flows/runtime/flow-events';
import { REST_AFTER_END_MS } from '../server/modules/flows/runtime/reads';

export const MIN = 60_000;
/** The pricing tour's display rule: a set number of sessions per visitor. */
export const PRICING_TIMES = 3;

/** A demo customer as the tours see them: their ids and when they did what the tours need. */
export interface DemoVisitor {
  userId?: string;
  anonymousId: string;
  /** Their first event (epoch ms). */
  firstSeen: number;
  /** When each of their visits started, oldest first; the first starts on the home page. */
  visits: number[];
  /** Their first `Product Viewed`, which the pricing tour's event condition asks for. */
  firstProductView?: number;
}

export interface Tour {
  id: number;
  brandId: number;
  name: string;
  stepIds: string[];
  /** Write its history: it is published and has no sessions yet. */
  fill: boolean;
}

/** What one visitor did with one session: the calls the SDK would have made. */
type Act =
  | { seen: number }
  | { click: number; button: string; to?: number }
  | { missing: number }
  | { done: 'completed' | 'dismissed'; reason: string };

export type Rand = () => number;

/** A session id that is the same for the same tour and number (a re-run stores no event twice). */
function sessionId(flowId: number, n: number): string {
  const h = createHash('sha256').update(`seed-demo:${flowId}:${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Plays a session as the runtime records it (server/modules/flows/runtime/visitor-decision.ts
 * starts it, runtime.service.ts tracks and ends it): the session row as it ends up and the flow
 * events of each call.
 */
function play(tour: Tour, n: number, v: DemoVisitor, start: number, acts: Act[], rand: Rand) {
  const key = {
    id: sessionId(tour.id, n),
    brandId: tour.brandId,
    flowId: tour.id,
    visitorKey: v.userId ?? v.anonymousId,
    userId: v.userId ?? null,
    anonymousId: v.anonymousId,
  };
  const steps = tour.stepIds;
  let t = start;
  let current = 0;
  let progress = 0;
  let state: FlowSessionState = 'open';
  let endReason: string | null = null;
  const rows: EventRow[] = [
    flowEventRow(key, FLOW_EVENTS.started, new Date(t), {
      flowName: tour.name,
      stepId: steps[0],
      stepIndex: 0,
    }),
  ];
  const emit = (event: (typeof FLOW_EVENTS)[keyof typeof FLOW_EVENTS], index: number, extra = {}) =>
    rows.push(
      flowEventRow(key, event, new Date(t), { stepId: steps[index], stepIndex: index, ...extra }),
    );
  for (const a of acts) {
    if ('seen' in a) {
      t += 300 + Math.floor(rand() * 1_500);
      current = a.seen;
      progress = Math.max(progress, a.seen + 1);
      emit(FLOW_EVENTS.stepSeen, a.seen);
    } else if ('click' in a) {
      t += 2_000 + Math.floor(rand() * 20_000);
      emit(FLOW_EVENTS.buttonClicked, a.click, { buttonId: a.button });
      if (a.to !== undefined) current = a.to;
    } else if ('missing' in a) {
      t += 6_000; // the SDK waits 6 s for the tooltip's element
      emit(FLOW_EVENTS.targetMissing, a.missing);
      state = 'ended';
      endReason = 'target_missing';
    } else {
      t += 200 + Math.floor(rand() * 3_000);
      emit(a.done === 'completed' ? FLOW_EVENTS.completed : FLOW_EVENTS.dismissed, current, {
        reason: a.reason,
      });
      state = a.done;
      endReason = a.done === 'dismissed' ? 'dismissed' : null;
    }
  }
  const session: FlowSessionRow = {
    ...key,
    state,
    currentStepId: steps[current]!,
    progress,
    endReason,
    startedAt: new Date(start),
    updatedAt: new Date(t),
    endedAt: state === 'open' ? null : new Date(t),
  };
  return { session, rows, end: t };
}

/*
 * Outcomes as the runtime records them (docs/flows.md, "How an ending counts"): a button that
 * ends the tour on its last step completes it, whatever its action ("Maybe later" and "Not now"
 * dismiss, on the last step); the close button and Esc dismiss it anywhere, and so does a dismiss
 * action on an earlier step ("Skip").
 */
const WELCOME_PLAYS: ((rand: Rand) => Act[])[] = [
  () => [
    { seen: 0 },
    { click: 0, button: 'welcome-explore' },
    { done: 'completed', reason: 'navigation' },
  ],
  (rand) => [{ seen: 0 }, { done: 'dismissed', reason: rand() < 0.6 ? 'close' : 'esc' }],
  () => [
    { seen: 0 },
    { click: 0, button: 'welcome-later' },
    { done: 'completed', reason: 'button' },
  ],
];
/** "Explore plans" 40%, closed 40%, "Maybe later" 20%. */
const welcomePlay = (n: number, rand: Rand) => {
  if (n < WELCOME_PLAYS.length) return WELCOME_PLAYS[n]!(rand);
  const r = rand();
  return WELCOME_PLAYS[r < 0.4 ? 0 : r < 0.8 ? 1 : 2]!(rand);
};

const toTrial: Act[] = [{ seen: 0 }, { click: 0, button: 'plans-next', to: 1 }, { seen: 1 }];
const PRICING_PLAYS: ((rand: Rand) => Act[])[] = [
  (rand) =>
    rand() < 0.75
      ? [
          ...toTrial,
          { click: 1, button: 'trial-start' },
          { done: 'completed', reason: 'navigation' },
        ]
      : [...toTrial, { click: 1, button: 'trial-close' }, { done: 'completed', reason: 'button' }],
  (rand) =>
    rand() < 0.6
      ? [{ seen: 0 }, { click: 0, button: 'plans-skip' }, { done: 'dismissed', reason: 'button' }]
      : [{ seen: 0 }, { done: 'dismissed', reason: 'close' }],
  () => [{ missing: 0 }],
  (rand) => [...toTrial, { done: 'dismissed', reason: rand() < 0.5 ? 'close' : 'esc' }],
];
/** Completed 45%, dismissed on step 1 22% or on step 2 25%, target missing 8%. */
function pricingPlay(n: number, rand: Rand): Act[] {
  if (n < PRICING_PLAYS.length) return PRICING_PLAYS[n]!(rand);
  const r = rand();
  return PRICING_PLAYS[r < 0.45 ? 0 : r < 0.67 ? 1 : r < 0.75 ? 2 : 3]!(rand);
}

/** Sessions and events of both tours over the visitors' activity, up to `now`. */
export function tourHistory(
  welcome: Tour,
  pricing: Tour,
  visitors: DemoVisitor[],
  now: number,
  rand: Rand,
) {
  const out = { sessions: [] as FlowSessionRow[], rows: [] as EventRow[] };
  const add = (p: ReturnType<typeof play>) => {
    out.sessions.push(p.session);
    out.rows.push(...p.rows);
  };
  /** Each visitor's welcome session [start, end]: no other session of theirs overlaps it. */
  const busy = new Map<string, [number, number]>();

  // Welcome: once, on a visitor's first look at the home page (their first visit starts there);
  // about 180 visitors at most.
  let n = 0;
  const welcomeShare = Math.min(0.6, 180 / Math.max(1, visitors.length));
  for (const [i, v] of visitors.entries()) {
    if (i >= 4 && rand() >= welcomeShare) continue;
    const start = v.firstSeen + 2_000 + Math.floor(rand() * 20_000);
    if (start > now - 10 * MIN) continue;
    const p = play(welcome, n, v, start, welcomePlay(n, rand), rand);
    n++;
    busy.set(p.session.visitorKey, [start, p.end]);
    add(p);
  }

  // Pricing: in visits from the first product view on, 1 to 3 sessions, each 30 minutes or more
  // after the last ended.
  n = 0;
  const eligible = visitors.filter((v) => v.firstProductView !== undefined);
  const pricingShare = Math.min(0.5, 90 / Math.max(1, eligible.length));
  const lastEnd = new Map<DemoVisitor, { end: number; count: number }>();
  for (const [i, v] of eligible.entries()) {
    if (i >= 6 && rand() >= pricingShare) continue;
    const times = 1 + Math.floor(rand() * PRICING_TIMES);
    let next = v.firstProductView! + MIN;
    let count = 0;
    for (const visit of v.visits) {
      if (count >= times) break;
      // A visit that ended before the next session may start; not every later visit goes there.
      if (visit + 20 * MIN < next || (count > 0 && rand() < 0.5)) continue;
      let t = Math.max(visit, next) + Math.floor(rand() * 10 * MIN);
      const other = busy.get(v.userId ?? v.anonymousId);
      if (other && t < other[1] + 1_000 && t + 2 * MIN > other[0])
        t = other[1] + 5_000 + Math.floor(rand() * MIN);
      if (t > now - 60 * MIN) break;
      const p = play(pricing, n, v, t, pricingPlay(n, rand), rand);
      n++;
      count++;
      lastEnd.set(v, { end: p.end, count });
      next = p.end + REST_AFTER_END_MS;
      add(p);
    }
  }

  // A couple of visitors on /pricing right now: open sessions, on step 1 or 2.
  let open = 0;
  for (const v of [...eligible].reverse()) {
    if (open >= 2) break;
    const last = lastEnd.get(v);
    const other = busy.get(v.userId ?? v.anonymousId);
    if ((last && last.count >= PRICING_TIMES) || (last && last.end > now - 45 * MIN)) continue;
    if (other && other[1] > now - 45 * MIN) continue;
    const start = now - Math.floor((3 + rand() * 12) * MIN);
    if (v.firstProductView! > start - MIN) continue;
    add(play(pricing, n++, v, start, open === 0 ? [{ seen: 0 }] : toTrial, rand));
    open++;
  }
  return out;
}
