/**
 * The demo shop's customers and their events, for `npm run seed:demo` (docs/tracking.md, "Demo
 * data"). Each customer has a country (from their locale), a browser, how engaged they are and
 * how much they mean to buy; they come back in visits that thin out week after week (some stop
 * after one), on the days and hours of `seed-demo-rhythm.ts`. In a visit they look at pages,
 * products and features; some put a product in the cart, fewer check out, fewer still pay, so
 * every step of the purchase funnel loses people and the retention grid decays by week.
 */
import type { DemoVisitor } from './seed-demo-tours';
import { DAY, MIN, pick, pickWeighted, visitTime, type Rand } from './seed-demo-rhythm';

/** Where customers are: the locale (the server derives the country from it) and their clock. */
export const REGIONS = [
  { locale: 'en-US', utcOffset: -5, weight: 26 },
  { locale: 'en-US', utcOffset: -8, weight: 9 },
  { locale: 'en-GB', utcOffset: 0, weight: 12 },
  { locale: 'de-DE', utcOffset: 1, weight: 11 },
  { locale: 'fr-FR', utcOffset: 1, weight: 8 },
  { locale: 'es-ES', utcOffset: 1, weight: 5 },
  { locale: 'pt-BR', utcOffset: -3, weight: 8 },
  { locale: 'ja-JP', utcOffset: 9, weight: 6 },
  { locale: 'en-IN', utcOffset: 5.5, weight: 6 },
  { locale: 'en-CA', utcOffset: -5, weight: 5 },
  { locale: 'en-AU', utcOffset: 10, weight: 4 },
] as const;

/** Browsers by share (lib/user-agent.ts names them Chrome, Safari, Firefox, Edge). */
export const AGENTS = [
  {
    weight: 30,
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  },
  {
    weight: 20,
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
  {
    weight: 14,
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  },
  {
    weight: 15,
    ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  },
  { weight: 9, ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0' },
  {
    weight: 8,
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
  },
  {
    weight: 4,
    ua: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
] as const;

const PAGES = ['/', '/pricing', '/features', '/docs', '/blog', '/app', '/app/settings'];
const PLANS = ['free', 'starter', 'growth', 'scale'] as const;
const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka'];
const FIRST = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Dennis', 'Radia'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Thompson', 'Liskov'];
const FEATURES = ['export', 'share', 'search', 'tours', 'reports'];

/** Share of customers who sign up (and are identified) on their first visit. */
const SIGN_UP_SHARE = 0.6;
/** Chances along the purchase funnel, per visit with a product view. */
const TO_CART = 0.5;
const TO_CHECKOUT = 0.55;
const TO_ORDER = 0.6;
/** Events of a visit that are not filler: landing page, sign-up, funnel steps. */
const FIXED_PER_VISIT = 2;

export type Message = Record<string, unknown>;

interface Plan {
  n: number;
  region: (typeof REGIONS)[number];
  userAgent: string;
  /** 0–1: how often they come back and how long their visits are. */
  engagement: number;
  /** 0–1: how likely a visit ends in the cart; 0 for those who only browse. */
  intent: number;
  visits: number[];
}

/** Each customer's visits until they stop coming, or until `now`. */
function planCustomers(count: number, days: number, now: number, rand: Rand): Plan[] {
  const span = days * DAY;
  const plans: Plan[] = [];
  for (let n = 1; n <= count; n++) {
    const region = pickWeighted(rand, REGIONS);
    const engagement = rand();
    const plan: Plan = {
      n,
      region,
      userAgent: pickWeighted(rand, AGENTS).ua,
      engagement,
      intent: rand() < 0.4 ? 0 : 0.25 + 0.75 * rand(),
      visits: [],
    };
    let t = visitTime(now - span + Math.floor(rand() * span * 0.97), region.utcOffset, rand);
    while (t < now - 2 * MIN) {
      plan.visits.push(t);
      // After each visit some stop for good: the less engaged, the sooner.
      if (rand() < 0.08 + 0.3 * (1 - engagement)) break;
      const gapDays = -Math.log(1 - rand()) * (0.6 + 6 * (1 - engagement));
      t = visitTime(t + 30 * MIN + gapDays * DAY, region.utcOffset, rand);
    }
    plans.push(plan);
  }
  return plans;
}

/**
 * The messages of `count` customers over the last `days` (identify, page and track calls, as the
 * SDK sends them), about `budget` in all: the caller stops taking them at the budget. Each
 * customer is added to `visitors` for the tours' history.
 */
export function* demoTraffic(opts: {
  budget: number;
  customers: number;
  days: number;
  now: number;
  rand: Rand;
  visitors: DemoVisitor[];
}): Generator<Message> {
  const { now, rand } = opts;
  const plans = planCustomers(opts.customers, opts.days, now, rand);
  // Filler events per visit, so that the visits fill the budget (an engaged customer's are longer).
  const visits = plans.reduce((n, p) => n + p.visits.length, 0);
  const weight = plans.reduce((n, p) => n + p.visits.length * (0.5 + p.engagement), 0);
  const perVisit = Math.max(1, (opts.budget - FIXED_PER_VISIT * visits) / Math.max(1, weight));
  for (const plan of plans) {
    if (plan.visits.length === 0) continue;
    const signedUp = rand() < SIGN_UP_SHARE;
    const userId = signedUp ? `user_${plan.n}` : undefined;
    const anonymousId = `anon_${plan.n}`;
    const context = { userAgent: plan.userAgent, locale: plan.region.locale };
    const visitor: DemoVisitor = {
      userId,
      anonymousId,
      firstSeen: plan.visits[0]!,
      visits: plan.visits,
    };
    opts.visitors.push(visitor);
    for (const [i, start] of plan.visits.entries()) {
      let t = start;
      const at = () => new Date(t).toISOString();
      /** The next event of the visit, a few seconds to two minutes later; none past `now`. */
      const later = (min = 5_000, spread = 110_000) => {
        t += min + Math.floor(rand() * spread);
        return t < now;
      };
      const base = () => ({ userId, anonymousId, timestamp: at(), context });
      const page = (path: string) => ({
        ...base(),
        type: 'page',
        name: path,
        properties: { url: `https://shop.example.com${path}`, path },
      });
      const track = (event: string, properties: Record<string, unknown>) => ({
        ...base(),
        type: 'track',
        event,
        properties,
      });

      yield page(i === 0 ? '/' : pick(rand, PAGES));
      if (i === 0 && userId) {
        if (!later()) break;
        yield* signUp(plan, userId, anonymousId, context, at(), rand);
      }
      const size = Math.round(perVisit * (0.5 + plan.engagement) * (0.5 + rand()));
      let lastSku: string | null = null;
      for (let k = 0; k < size; k++) {
        if (!later()) break;
        const r = rand();
        if (r < 0.45) yield page(pick(rand, PAGES));
        else if (r < 0.75 || !userId) {
          visitor.firstProductView ??= t;
          lastSku = `SKU-${1 + Math.floor(rand() * 40)}`;
          yield track('Product Viewed', { sku: lastSku, price: 5 + Math.floor(rand() * 200) });
        } else if (r < 0.985) yield track('Feature Used', { feature: pick(rand, FEATURES) });
        else yield track('Newsletter Subscribed', {});
      }
      // The funnel: a visit that viewed a product may go on to the cart, checkout and order.
      if (!lastSku || rand() >= plan.intent * TO_CART || !later()) continue;
      const quantity = 1 + Math.floor(rand() * 3);
      yield track('Added to Cart', { sku: lastSku, quantity });
      if (rand() >= TO_CHECKOUT || !later(20_000, 200_000)) continue;
      const total = quantity * (20 + Math.floor(rand() * 130));
      yield track('Checkout Started', { total });
      if (rand() >= TO_ORDER || !later(30_000, 240_000)) continue;
      yield track('Order Completed', { total, coupon: rand() < 0.2 });
    }
  }
}

/** The identify call and `Signed Up` of a customer's first visit. */
function* signUp(
  plan: Plan,
  userId: string,
  anonymousId: string,
  context: Record<string, string>,
  timestamp: string,
  rand: Rand,
): Generator<Message> {
  const first = pick(rand, FIRST);
  const last = pick(rand, LAST);
  const company = pick(rand, COMPANIES);
  yield {
    type: 'identify',
    userId,
    anonymousId,
    timestamp,
    context,
    traits: {
      email: `${first}.${last}.${plan.n}@${company}.example`.toLowerCase(),
      name: `${first} ${last}`,
      plan: pick(rand, PLANS),
      company,
      created_at: timestamp,
      metadata: {
        tier: pick(rand, ['bronze', 'silver', 'gold']),
        seats: 1 + Math.floor(rand() * 50),
      },
    },
  };
  yield {
    type: 'track',
    event: 'Signed Up',
    userId,
    anonymousId,
    timestamp,
    context,
    properties: { plan: 'free' },
  };
}
