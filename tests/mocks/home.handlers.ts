import { http, type HttpHandler } from 'msw';
import { HOME_LIVE_TOURS, homeQuery, type Home } from '@/lib/contracts/home';
import { MESSAGES } from '@/lib/messages';
import { addDays, zonedDay, zonedDayStart } from '@/lib/time-zone';
import { db, subscriptionOf, type MockBrand, type MockUser } from './db';
import type { MockTrackedEvent } from './events.handlers';
import { mockFlowReport } from './flows.handlers';
import { apiError, currentUser, ok, unauthorized, validate } from './utils';

/** Events stored without a product (seeded by hand) count for every product, as in the events mock. */
const trackedFor = (brandId: number) =>
  db.trackedEvents.filter((e) => {
    const b = (e as MockTrackedEvent).brand_id;
    return b === undefined || b === brandId;
  });

function mau(user: MockUser): Home['mau'] {
  const quota = subscriptionOf(user).user_quota;
  return { count: quota.mau_count, limit: quota.mau_limit };
}

/**
 * GET v1/home as the API computes it (server/modules/home/home.service.ts), from the mock
 * database: products, tracked events, event definitions, flows and saved reports.
 */
export function mockHome(user: MockUser, brand: MockBrand | null, now = Date.now()): Home {
  if (!brand)
    return {
      brand: null,
      checklist: {
        product_created: db.brands.some((b) => b.owner_id === user.id),
        snippet_installed: false,
        event_defined: false,
        tour_published: false,
        report_or_link_created: false,
      },
      today: { events: 0 },
      mau: mau(user),
      live_tours: [],
    };
  const tracked = trackedFor(brand.id);
  const day = zonedDay(now, brand.time_zone);
  const [from, to] = [
    zonedDayStart(day, brand.time_zone),
    zonedDayStart(addDays(day, 1), brand.time_zone),
  ];
  const live = db.flows
    .filter((f) => f.brand_id === brand.id && f.status === 'published')
    .sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0));
  return {
    brand: { id: brand.id, name: brand.name },
    checklist: {
      product_created: true,
      snippet_installed: tracked.length > 0,
      event_defined: db.events.some((e) => e.brand_id === brand.id),
      tour_published: live.length > 0,
      report_or_link_created: db.reports.some((r) => r.brand_id === brand.id),
    },
    today: {
      events: tracked.filter((e) => {
        const at = Date.parse(e.timestamp);
        return at >= from && at < to;
      }).length,
    },
    mau: mau(user),
    // Views as the tour's report shows them for "Past 7 days".
    live_tours: live.slice(0, HOME_LIVE_TOURS).map((f) => ({
      id: f.id,
      name: f.name,
      views_this_week: mockFlowReport(f, { date_preset: 'past_7_day' }, now).totals.views,
    })),
  };
}

export const homeHandlers: HttpHandler[] = [
  http.get('*/v1/home', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const q = validate(homeQuery, Object.fromEntries(new URL(request.url).searchParams));
    if (!q.ok) return q.response;
    if (q.data.brand_id === undefined) return ok(mockHome(user, null));
    const brand = db.brands.find((b) => b.id === q.data.brand_id && b.owner_id === user.id);
    if (!brand) return apiError(404, 'not_found', MESSAGES.brands.notFound);
    return ok(mockHome(user, brand));
  }),
];
