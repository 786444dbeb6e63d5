/**
 * The demo's product tours (docs/flows.md), for `npm run seed:demo`: a welcome modal on the home
 * page and a two-step pricing tour, both published, with the visitors' sessions and flow events
 * over the seeded days (scripts/seed-demo-tour-history.ts), so the report
 * (`/flows/{id}/report`) and the live tail have data. The events are submitted through the
 * ingestion batcher.
 */
import { count, eq } from 'drizzle-orm';
import type { Flow, FlowAction, FlowInput } from '../lib/contracts/flows';
import type { App } from '../server/app';
import type { Db } from '../server/db/client';
import { flowSessions, flows } from '../server/db/schema';
import { FLOW_EVENTS } from '../server/modules/flows/runtime/flow-events';
import {
  MIN,
  PRICING_TIMES,
  tourHistory,
  type DemoVisitor,
  type Rand,
  type Tour,
} from './seed-demo-tour-history';

export type { DemoVisitor } from './seed-demo-tour-history';

export type DemoCall = (
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) => Promise<{ status: number; body: { data: unknown } }>;
/** The tours also save a tour again (`retargeted`). */
export type TourCall = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) => ReturnType<DemoCall>;

const attr = (code: string, name: string, data_type: 'string' | 'number') => ({
  code,
  name,
  data_type,
});
const FLOW_ATTRS = [
  attr('flow_id', 'Tour', 'number'),
  attr('session_id', 'Session', 'string'),
  attr('step_id', 'Step', 'string'),
  attr('step_index', 'Step index', 'number'),
];

/** Definitions of the flow events, so each has an event page with its live tail. */
export const FLOW_EVENT_DEFS = [
  {
    code: FLOW_EVENTS.started,
    name: 'Tour started',
    attributes: [...FLOW_ATTRS, attr('flow_name', 'Tour name', 'string')],
  },
  { code: FLOW_EVENTS.stepSeen, name: 'Tour step seen', attributes: FLOW_ATTRS },
  {
    code: FLOW_EVENTS.buttonClicked,
    name: 'Tour button clicked',
    attributes: [...FLOW_ATTRS, attr('button_id', 'Button', 'string')],
  },
  {
    code: FLOW_EVENTS.completed,
    name: 'Tour completed',
    attributes: [...FLOW_ATTRS, attr('reason', 'Reason', 'string')],
  },
  {
    code: FLOW_EVENTS.dismissed,
    name: 'Tour dismissed',
    attributes: [...FLOW_ATTRS, attr('reason', 'Reason', 'string')],
  },
  { code: FLOW_EVENTS.targetMissing, name: 'Tour target missing', attributes: FLOW_ATTRS },
];

const button = (id: string, label: string, actions: FlowAction[], primary = true) => ({
  id,
  label,
  background_color: primary ? '#2563eb' : '#e5e7eb',
  color: primary ? '#ffffff' : '#111827',
  actions,
});

export const WELCOME_TOUR = 'Welcome to Demo Shop';
export const PRICING_TOUR = 'Pricing walkthrough';

/** One modal on the home page, once per visitor; "Explore plans" completes it. */
const welcomeTour = (brandId: number): FlowInput => ({
  brand_id: brandId,
  name: WELCOME_TOUR,
  publish: true,
  condition: {
    trigger_conditions: [
      {
        trigger_type: 'url',
        conditions: [{ condition_type: 'exact', value: '/', type: 'includes' }],
      },
    ],
    trigger_operator: 'AND',
  },
  display_type: 'once',
  priority: 10,
  steps: [
    {
      id: 'welcome',
      type: 'modal',
      content:
        '<h2>Welcome to Demo Shop</h2><p>Everything you need to sell online. Have a look at our plans to get started.</p>',
      buttons: [
        button('welcome-explore', 'Explore plans', [{ type: 'navigation', value: '/pricing' }]),
        button('welcome-later', 'Maybe later', [{ type: 'dismiss' }], false),
      ],
    },
  ],
});

/**
 * A tooltip on the plans of `/pricing`, then a modal whose "Start free trial" completes it; for
 * visitors who viewed a product, at most three times. The tooltip's page is the demo shop served
 * by the product itself (`demoPage`, docs/builder.md "Try it on the demo page"), so "Preview on
 * site" and the picker work with nothing else running.
 */
const pricingTour = (
  brandId: number,
  productViewed: { id: number; code: string },
  demoPage: string,
): FlowInput => ({
  brand_id: brandId,
  name: PRICING_TOUR,
  publish: true,
  condition: {
    trigger_conditions: [
      {
        trigger_type: 'url',
        conditions: [{ condition_type: 'contains', value: '/pricing', type: 'includes' }],
      },
      {
        trigger_type: 'event',
        conditions: [
          {
            event_id: productViewed.id,
            event_code: productViewed.code,
            frequency: { condition_type: 'at_least', value: 1 },
            timeframe: { condition_type: 'anytime' },
            attribute_conditions: [],
            attribute_condition_operator: 'AND',
          },
        ],
      },
    ],
    trigger_operator: 'AND',
  },
  display_type: 'custom',
  display_times: PRICING_TIMES,
  priority: 5,
  steps: [
    {
      id: 'plans',
      type: 'tool_tip',
      content: '<p><strong>Pick a plan.</strong> Every plan starts with a 14-day free trial.</p>',
      select_element: { url: demoPage, selector: '#plans' },
      buttons: [
        button('plans-next', 'Next', [{ type: 'goto', reference_step: 'trial' }]),
        button('plans-skip', 'Skip', [{ type: 'dismiss' }], false),
      ],
    },
    {
      id: 'trial',
      type: 'modal',
      content: '<h2>Ready to try it?</h2><p>No card needed: you can cancel any time.</p>',
      buttons: [
        button('trial-start', 'Start free trial', [{ type: 'navigation', value: '/signup' }]),
        button('trial-close', 'Not now', [{ type: 'dismiss' }], false),
      ],
    },
  ],
});

/**
 * The stored tour with each step's element target as `intended` has it, or null when every one
 * already matches (page and selector). A tour seeded by an earlier version, whose tooltip pointed
 * at another page, moves to the demo page; a run after that saves nothing.
 */
export function retargeted(stored: Flow, intended: FlowInput): FlowInput | null {
  let changed = false;
  const steps = stored.steps.map((step) => {
    const want = intended.steps.find((s) => s.id === step.id)?.select_element;
    const have = step.select_element;
    if (!want || (have?.url === want.url && have.selector === want.selector)) return step;
    changed = true;
    return { ...step, select_element: want };
  });
  if (!changed) return null;
  const { id: _id, status: _status, created_at: _c, updated_at: _u, ...body } = stored;
  return { ...body, steps };
}

/**
 * Creates the two tours unless a tour of that name exists (then moves its tooltip to the demo
 * page when it points elsewhere, see `retargeted`), then writes the history of each
 * published tour that has no sessions yet: a re-run adds nothing to a seeded tour.
 */
export async function seedDemoTours(opts: {
  app: App;
  db: Db;
  call: TourCall;
  brandId: number;
  ownerId: string;
  visitors: DemoVisitor[];
  now: number;
  rand: Rand;
  /** The demo pricing page with the product's key: `{APP_URL}/demo/pricing?key=…`. */
  demoPage: string;
}) {
  const { app, db, call, brandId } = opts;
  const defs = (await call('GET', `/v1/events?brand_id=${brandId}&limit=100`)).body.data as {
    data: { id: number; code: string }[];
  };
  const productViewed = defs.data.find((d) => d.code === 'Product Viewed');
  if (!productViewed) throw new Error('the Product Viewed event is not defined');

  const ensure = async (body: FlowInput): Promise<Tour> => {
    const q = `brand_id=${brandId}&search=${encodeURIComponent(body.name)}&limit=100`;
    const list = (await call('GET', `/v1/flows?${q}`)).body.data as {
      data: { id: number; name: string; status: string }[];
    };
    let found = list.data.find((f) => f.name === body.name);
    if (!found) {
      const res = await call('POST', '/v1/flows', body);
      if (res.status !== 201)
        throw new Error(`creating "${body.name}" answered ${res.status}: ${JSON.stringify(res)}`);
      found = res.body.data as { id: number; name: string; status: string };
    } else {
      const stored = (await call('GET', `/v1/flows/${found.id}`)).body.data as Flow;
      const moved = retargeted(stored, body);
      const res = moved && (await call('PUT', `/v1/flows/${found.id}`, moved));
      if (res && res.status !== 200)
        throw new Error(
          `retargeting "${body.name}" answered ${res.status}: ${JSON.stringify(res)}`,
        );
    }
    const [{ n }] = await db
      .select({ n: count() })
      .from(flowSessions)
      .where(eq(flowSessions.flowId, found.id));
    return {
      id: found.id,
      brandId,
      name: found.name,
      stepIds: body.steps.map((s) => s.id),
      fill: found.status === 'published' && Number(n) === 0,
    };
  };
  const welcome = await ensure(welcomeTour(brandId));
  const pricing = await ensure(pricingTour(brandId, productViewed, opts.demoPage));

  // Played in full every time, so the generator draws the same numbers whatever is written.
  const all = tourHistory(welcome, pricing, opts.visitors, opts.now, opts.rand);
  const fill = new Set([welcome, pricing].filter((t) => t.fill).map((t) => t.id));
  const sessions = all.sessions.filter((s) => fill.has(s.flowId));
  const rows = all.rows.filter((r) => fill.has(Number(r.properties.flow_id)));
  // Events first: the sessions mark a tour as seeded, and a retry stores no event twice.
  for (let i = 0; i < rows.length; i += 2_000)
    await app.ctx.batcher.submit({
      rows: rows.slice(i, i + 2_000),
      ownerId: opts.ownerId,
      derived: true,
    });
  for (let i = 0; i < sessions.length; i += 200)
    await db.insert(flowSessions).values(sessions.slice(i, i + 200));
  // The tours were published before their first session (the report's "All time" starts there).
  for (const id of fill) {
    const first = Math.min(
      ...sessions.filter((s) => s.flowId === id).map((s) => s.startedAt.getTime()),
    );
    if (Number.isFinite(first)) {
      const at = new Date(first - 60 * MIN);
      await db.update(flows).set({ createdAt: at, publishedAt: at }).where(eq(flows.id, id));
    }
  }
  return { tours: [welcome, pricing], sessions: sessions.length };
}
