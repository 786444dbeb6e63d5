import { http, HttpResponse } from 'msw';
import type { CustomerProfile } from '@/lib/contracts/customer-profiles';
import type { Segment, SegmentInput } from '@/lib/contracts/segments';
import { server } from '../mocks/node';

/**
 * A small in-test segments API for the segment screens' component tests: the store, every call
 * it received, and switches for the answers a test wants (a failing list or preview, a count).
 */
export function fakeSegmentsApi(brandId: number) {
  const store: Segment[] = [];
  const members = new Map<number, CustomerProfile[]>();
  const calls: { method: string; path: string; query: Record<string, string>; body?: unknown }[] =
    [];
  const state = {
    listFails: false,
    previewFails: false,
    count: 3,
    deleteAnswer: null as null | { status: number; message: string },
    /** POST /v1/download-links answers 503. */
    downloadLinkFails: false,
    /** When the members answer says it was computed (the segment's stored time otherwise). */
    membersComputedAt: null as string | null,
  };
  let nextId = 1;

  const add = (input: Partial<Segment> & { name: string }): Segment => {
    const now = new Date(Date.UTC(2026, 10, 20, 9)).toISOString();
    const segment: Segment = {
      id: nextId++,
      brand_id: brandId,
      definition: { operator: 'AND', conditions: [] },
      member_count: null,
      computed_at: null,
      created_at: now,
      updated_at: now,
      ...input,
    };
    store.push(segment);
    return segment;
  };
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const body =
      request.method === 'GET' || request.method === 'DELETE'
        ? undefined
        : await request.clone().json();
    calls.push({
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
    });
    return url;
  };
  const ok = (data: unknown) => HttpResponse.json({ data });

  server.use(
    http.get('*/v1/segments', async ({ request }) => {
      const url = await record(request);
      if (state.listFails) return HttpResponse.json({ message: 'list is down' }, { status: 500 });
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const rows = store
        .filter((s) => s.name.toLowerCase().includes(search))
        .sort((a, b) => a.name.localeCompare(b.name));
      const page = rows.slice(start, start + limit).map((s) => ({
        id: s.id,
        brand_id: s.brand_id,
        name: s.name,
        member_count: s.member_count,
        computed_at: s.computed_at,
        updated_at: s.updated_at,
      }));
      const next = start + limit < rows.length ? String(start + limit) : null;
      return ok({ data: page, total: rows.length, nextCursor: next });
    }),
    http.post('*/v1/segments/preview', async ({ request }) => {
      await record(request);
      if (state.previewFails)
        return HttpResponse.json({ message: 'engine is busy' }, { status: 503 });
      return ok({ count: state.count, sample: [], exact: true, took_ms: 1 });
    }),
    http.post('*/v1/segments', async ({ request }) => {
      await record(request);
      const body = (await request.json()) as SegmentInput;
      return ok(add({ name: body.name, definition: body.definition as Segment['definition'] }));
    }),
    http.get('*/v1/segments/:id/members', async ({ request, params }) => {
      const url = await record(request);
      const all = members.get(Number(params.id)) ?? [];
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      if (url.searchParams.get('format') === 'csv')
        return new HttpResponse(['customer_key', ...all.map((p) => p.customer_key)].join('\n'), {
          headers: { 'content-type': 'text/csv' },
        });
      const next = start + limit < all.length ? String(start + limit) : null;
      const segment = store.find((s) => s.id === Number(params.id));
      return ok({
        data: all.slice(start, start + limit),
        total: all.length,
        nextCursor: next,
        computed_at: state.membersComputedAt ?? segment?.computed_at ?? null,
      });
    }),
    http.post('*/v1/download-links', async ({ request }) => {
      await record(request);
      if (state.downloadLinkFails)
        return HttpResponse.json({ message: 'links are down' }, { status: 503 });
      const { path } = (await request.json()) as { path: string };
      return ok({
        url: `${path}&download_token=signed-${path.length}`,
        expires_at: new Date(Date.now() + 60_000).toISOString(),
      });
    }),
    http.get('*/v1/segments/:id', async ({ request, params }) => {
      await record(request);
      const segment = store.find((s) => s.id === Number(params.id));
      return segment
        ? ok(segment)
        : HttpResponse.json({ message: 'Segment not found.' }, { status: 404 });
    }),
    http.put('*/v1/segments/:id', async ({ request, params }) => {
      await record(request);
      const body = (await request.json()) as SegmentInput;
      const segment = store.find((s) => s.id === Number(params.id));
      if (!segment) return HttpResponse.json({ message: 'Segment not found.' }, { status: 404 });
      Object.assign(segment, { name: body.name, definition: body.definition });
      return ok(segment);
    }),
    http.delete('*/v1/segments/:id', async ({ request, params }) => {
      await record(request);
      if (state.deleteAnswer)
        return HttpResponse.json(
          { message: state.deleteAnswer.message },
          { status: state.deleteAnswer.status },
        );
      const i = store.findIndex((s) => s.id === Number(params.id));
      if (i >= 0) store.splice(i, 1);
      return ok({ message: 'Segment deleted.' });
    }),
  );
  return { store, members, calls, state, add };
}

/** A customer profile for a members page. */
export function aMember(id: number, extra: Partial<CustomerProfile> = {}): CustomerProfile {
  return {
    id,
    brand_id: 1,
    customer_key: `customer_${id}`,
    anonymous_ids: [],
    email: `c${id}@example.com`,
    name: `Customer ${id}`,
    data_attributes: {},
    metadata: {},
    first_seen: new Date(Date.UTC(2026, 10, 1)).toISOString(),
    last_seen: new Date(Date.UTC(2026, 10, 2)).toISOString(),
    ...extra,
  };
}
