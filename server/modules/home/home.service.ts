import {
  HOME_LIVE_TOURS,
  type Home,
  type HomeChecklist,
  type HomeQuery,
} from '../../../lib/contracts/home';
import { addDays, zonedDay, zonedDayStart } from '../../../lib/time-zone';
import type { AnalyticsStore } from '../../analytics/types';
import type { BrandAccess } from '../brands/brand-access';
import type { BrandsRepository } from '../brands/brands.repository';
import type { EventsRepository } from '../events/events.repository';
import type { FlowsRepository } from '../flows/flows.repository';
import { FLOW_EVENTS } from '../flows/runtime/flow-events';
import type { UsageService } from '../payments/usage.service';
import { monthOf } from '../profiles/profile-upsert';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import type { ReportsRepository } from '../reports/reports.repository';
import type { ShortUrlsRepository } from '../short-urls/short-urls.repository';
import { LINK_CLICKED_EVENT } from '../../analytics/link-click-shape';

const DAY_MS = 86_400_000;
/** "This week" of a live tour: the past 7 days, today included (the report's "Past 7 days"). */
const WEEK_DAYS = 7;

const NOTHING_YET: HomeChecklist = {
  product_created: false,
  snippet_installed: false,
  event_defined: false,
  tour_published: false,
  report_or_link_created: false,
};

/** [from, to) of the product's calendar day holding `now`, in its time zone. */
export function todayRange(now: Date, timeZone: string): { from: Date; to: Date } {
  const day = zonedDay(now.getTime(), timeZone);
  return {
    from: new Date(zonedDayStart(day, timeZone)),
    to: new Date(zonedDayStart(addDays(day, 1), timeZone)),
  };
}

/**
 * Home (docs/home.md): the getting-started checklist of one product, ticked from real state, and
 * the numbers once data flows. Reads only through repositories and the analytics store.
 */
export function createHomeService(deps: {
  access: Pick<BrandAccess, 'owned'>;
  brands: Pick<BrandsRepository, 'count'>;
  events: Pick<EventsRepository, 'list'>;
  flows: Pick<FlowsRepository, 'list'>;
  reports: Pick<ReportsRepository, 'list'>;
  links: Pick<ShortUrlsRepository, 'countOfBrand'>;
  store: Pick<AnalyticsStore, 'query'>;
  usage: Pick<UsageService, 'status'>;
  profiles: Pick<ProfilesRepository, 'monthlyActive'>;
  now: () => Date;
}) {
  const { access, store } = deps;

  /** This UTC month's MAUs against the limit, as the billing meter shows them. */
  async function mau(ownerId: string, now: Date): Promise<Home['mau']> {
    const usage = await deps.usage.status(ownerId);
    // The usage check skips counting under an unlimited plan; Home still shows the count.
    const count =
      usage.mauLimit === 0
        ? await deps.profiles.monthlyActive(ownerId, monthOf(now))
        : usage.mauCount;
    return { count, limit: usage.mauLimit };
  }

  async function liveTours(brandId: number, now: Date) {
    const { rows, total } = await deps.flows.list(brandId, {
      status: 'published',
      sort_by: 'updated_at',
      sort_order: 'desc',
      offset: 0,
      limit: HOME_LIVE_TOURS,
    });
    const tomorrow = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
    const from = new Date(tomorrow - WEEK_DAYS * DAY_MS);
    const tours = await Promise.all(
      rows.map(async (flow) => {
        const counts = await store.query({
          kind: 'flowEventCounts',
          brandId,
          flowId: flow.id,
          events: [FLOW_EVENTS.started],
          from,
          to: new Date(tomorrow),
          granularity: null,
        });
        const views = counts.find((c) => c.bucket === null)?.count ?? 0;
        return { id: flow.id, name: flow.name, views_this_week: views };
      }),
    );
    return { tours, total };
  }

  return {
    async home(ownerId: string, q: HomeQuery): Promise<Home> {
      const now = deps.now();
      if (q.brand_id === undefined) {
        const [products, usage] = await Promise.all([
          deps.brands.count(ownerId),
          mau(ownerId, now),
        ]);
        return {
          brand: null,
          checklist: { ...NOTHING_YET, product_created: products > 0 },
          today: { events: 0 },
          mau: usage,
          live_tours: [],
        };
      }
      // Another owner's product answers 404, as on every brand-scoped route.
      const brand = await access.owned(ownerId, q.brand_id);
      const first = { offset: 0, limit: 1 };
      const [anyEvent, todayEvents, defined, tours, reports, usage, links] = await Promise.all([
        // A short link's clicks arrive without the snippet: they do not tell it is installed.
        store.query({ kind: 'anyEvent', brandId: brand.id, except: [LINK_CLICKED_EVENT] }),
        store.query({ kind: 'eventCount', brandId: brand.id, ...todayRange(now, brand.timeZone) }),
        deps.events.list(brand.id, first),
        liveTours(brand.id, now),
        deps.reports.list(ownerId, { brandId: brand.id, ...first }),
        mau(ownerId, now),
        deps.links.countOfBrand(brand.id),
      ]);
      return {
        brand: { id: brand.id, name: brand.name },
        checklist: {
          product_created: true,
          snippet_installed: anyEvent,
          event_defined: defined.total > 0,
          tour_published: tours.total > 0,
          report_or_link_created: reports.total > 0 || links > 0,
        },
        today: { events: todayEvents },
        mau: usage,
        live_tours: tours.tours,
      };
    },
  };
}
export type HomeService = ReturnType<typeof createHomeService>;
