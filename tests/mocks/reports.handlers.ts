import { http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import { idParam } from '@/lib/contracts/common';
import {
  funnelCustomersQuery,
  listReportsQuery,
  reportBody,
  reportQuery,
  type ReportAnswer,
  type ReportBody,
  type ReportInput,
  type ReportQuery,
  type SavedReport,
} from '@/lib/contracts/reports';
import { MESSAGES } from '@/lib/messages';
import { db, type MockBrand, type MockReport, type MockUser } from './db';
import {
  RangeProblem,
  mockFunnel,
  mockFunnelCustomers,
  mockReportCsv,
  mockRetention,
  mockTrend,
  resolveRange,
} from './reports-answers';
import { apiError, body, currentUser, ok, unauthorized, validate } from './utils';

/** Saved reports and report queries (docs/reports.md), as the API answers them. */

const DEV_MOCK = process.env.NEXT_PUBLIC_API_MOCKING === 'enabled';

const brandNotFound = () => apiError(404, 'not_found', MESSAGES.brands.notFound);
const reportNotFound = () => apiError(404, 'not_found', MESSAGES.reports.notFound);
const ownBrand = (user: MockUser, brandId: number) =>
  db.brands.find((b) => b.id === brandId && b.owner_id === user.id);

/** As the API: the stored report with its product's name. */
function publicReport(report: MockReport): SavedReport {
  const brand = db.brands.find((b) => b.id === report.brand_id);
  return { ...report, brand_name: brand?.name ?? '' };
}

/** The signed-in owner's report named by the path, or the response to send instead. */
function ownReport(
  request: Request,
  params: unknown,
): { user: MockUser; report: MockReport } | { response: Response } {
  const user = currentUser(request);
  if (!user) return { response: unauthorized(request) };
  const id = validate(idParam, params);
  if (!id.ok) return { response: id.response };
  const report = db.reports.find((r) => r.id === id.data.id);
  if (!report || !ownBrand(user, report.brand_id)) return { response: reportNotFound() };
  return { user, report };
}

const stored = (input: ReportBody) => ({
  brand_id: input.brand_id,
  name: input.name,
  type: input.query.type,
  query: input.query,
  chart: input.chart,
  pinned: input.pinned,
});

/**
 * Saves a report as the API would (tests and the dev:mock demo seed with this); `updated_at`
 * may be given to order a list.
 */
export function addReport(
  input: ReportInput,
  times: { created_at?: string; updated_at?: string } = {},
): SavedReport {
  const parsed = reportBody.parse(input);
  // A mock database saved by the browser worker before reports existed has no counter.
  db.seq.report = (db.seq.report || 0) + 1;
  const now = new Date().toISOString();
  const report: MockReport = {
    id: db.seq.report,
    ...stored(parsed),
    created_at: times.created_at ?? times.updated_at ?? now,
    updated_at: times.updated_at ?? now,
  };
  db.reports.push(report);
  return publicReport(report);
}

/** The API's answer to a query on a product, or the 400 of a range it refuses. */
export function answerReport(brand: MockBrand, q: ReportQuery, now = Date.now()): ReportAnswer {
  const range = resolveRange(q, brand, now);
  if (q.type === 'funnel') return mockFunnel(brand.id, q, range);
  if (q.type === 'retention') return mockRetention(brand.id, q, range);
  return mockTrend(brand.id, q, range);
}

const rangeRefused = (err: unknown) => {
  if (err instanceof RangeProblem) return apiError(400, 'invalid_range', err.message);
  throw err;
};

const format = z.object({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});

/** The demo dashboard of `npm run dev:mock`: one report of each type over the demo events. */
export function seedDemoReports(brandId: number): void {
  const day = 86_400_000;
  const at = (daysAgo: number) => ({
    updated_at: new Date(Date.now() - daysAgo * day).toISOString(),
  });
  const base = { brand_id: brandId };
  addReport(
    {
      ...base,
      name: 'Revenue per week',
      chart: { kind: 'line', stacked: false },
      query: {
        ...base,
        type: 'trend',
        series: [{ event: 'checkout', measure: 'sum', property: 'value' }],
        granularity: 'week',
        date_preset: 'past_30_day',
      },
    },
    at(6),
  );
  addReport(
    {
      ...base,
      name: 'Weekly return after sign-up',
      pinned: true,
      chart: { kind: 'table', stacked: false },
      query: {
        ...base,
        type: 'retention',
        start_event: 'signup',
        return_event: 'page_view',
        period: 'week',
        intervals: 5,
        date_preset: 'past_30_day',
      },
    },
    at(3),
  );
  addReport(
    {
      ...base,
      name: 'From sign-up to checkout',
      pinned: true,
      chart: { kind: 'bar', stacked: false },
      query: {
        ...base,
        type: 'funnel',
        steps: [{ event: 'signup' }, { event: 'add_to_cart' }, { event: 'checkout' }],
        window: { value: 7, unit: 'day' },
        date_preset: 'past_30_day',
      },
    },
    at(2),
  );
  addReport(
    {
      ...base,
      name: 'Checkouts per day by country',
      pinned: true,
      chart: { kind: 'bar', stacked: true },
      query: {
        ...base,
        type: 'trend',
        series: [{ event: 'checkout', measure: 'total' }],
        breakdown: { property: 'country' },
        granularity: 'day',
        date_preset: 'past_30_day',
        compare: true,
      },
    },
    at(1),
  );
}

/** In dev:mock, each product gets the demo reports the first time a list is read. */
function seedOnce(user: MockUser): void {
  // A mock database saved before reports existed has no such list.
  db.demoReportBrands ??= [];
  for (const brand of db.brands) {
    if (brand.owner_id !== user.id || db.demoReportBrands.includes(brand.id)) continue;
    db.demoReportBrands.push(brand.id);
    seedDemoReports(brand.id);
  }
}

/** As the API: newest change first, then the newest report. */
const newestFirst = (a: MockReport, b: MockReport) =>
  a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : b.id - a.id;

export const reportHandlers: HttpHandler[] = [
  http.get('*/v1/reports', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const q = validate(listReportsQuery, Object.fromEntries(new URL(request.url).searchParams));
    if (!q.ok) return q.response;
    const { brand_id, pinned, limit } = q.data;
    if (brand_id !== undefined && !ownBrand(user, brand_id)) return brandNotFound();
    if (DEV_MOCK) seedOnce(user);
    const search = q.data.search?.trim().toLowerCase();
    const all = db.reports
      .filter((r) => ownBrand(user, r.brand_id))
      .filter((r) => brand_id === undefined || r.brand_id === brand_id)
      .filter((r) => pinned === undefined || r.pinned === pinned)
      .filter((r) => !search || r.name.toLowerCase().includes(search))
      .sort(newestFirst);
    const page = Number(q.data.cursor);
    return ok({
      data: all.slice((page - 1) * limit, page * limit).map(publicReport),
      total: all.length,
      nextCursor: page * limit < all.length ? String(page + 1) : null,
    });
  }),

  http.post('*/v1/reports', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, reportBody);
    if (!parsed.ok) return parsed.response;
    if (!ownBrand(user, parsed.data.brand_id)) return brandNotFound();
    return ok(addReport(parsed.data), 201);
  }),

  http.post('*/v1/reports/query', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const f = validate(format, Object.fromEntries(new URL(request.url).searchParams));
    if (!f.ok) return f.response;
    const parsed = await body(request, reportQuery);
    if (!parsed.ok) return parsed.response;
    const brand = ownBrand(user, parsed.data.brand_id);
    if (!brand) return brandNotFound();
    let answer: ReportAnswer;
    try {
      answer = answerReport(brand, parsed.data);
    } catch (err) {
      return rangeRefused(err);
    }
    if (f.data.format === 'json') return ok(answer);
    return new HttpResponse(mockReportCsv(answer), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="report.csv"',
      },
    });
  }),

  http.post('*/v1/reports/funnel-customers', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, funnelCustomersQuery);
    if (!parsed.ok) return parsed.response;
    const brand = ownBrand(user, parsed.data.brand_id);
    if (!brand) return brandNotFound();
    try {
      const range = resolveRange(parsed.data, brand);
      const profileIdOf = (key: string) =>
        db.profiles.find((p) => p.brand_id === brand.id && p.customer_key === key)?.id ?? null;
      return ok({ customers: mockFunnelCustomers(brand.id, parsed.data, range, profileIdOf) });
    } catch (err) {
      return rangeRefused(err);
    }
  }),

  http.get('*/v1/reports/:id', ({ request, params }) => {
    const found = ownReport(request, params);
    return 'response' in found ? found.response : ok(publicReport(found.report));
  }),

  http.put('*/v1/reports/:id', async ({ request, params }) => {
    const found = ownReport(request, params);
    if ('response' in found) return found.response;
    const parsed = await body(request, reportBody);
    if (!parsed.ok) return parsed.response;
    // It may move to another product of the same owner.
    if (!ownBrand(found.user, parsed.data.brand_id)) return brandNotFound();
    Object.assign(found.report, stored(parsed.data), { updated_at: new Date().toISOString() });
    return ok(publicReport(found.report));
  }),

  http.delete('*/v1/reports/:id', ({ request, params }) => {
    const found = ownReport(request, params);
    if ('response' in found) return found.response;
    db.reports.splice(db.reports.indexOf(found.report), 1);
    return ok({ message: MESSAGES.reports.deleted });
  }),
];
