import { http, HttpResponse, type HttpHandler } from 'msw';
import { idParam } from '@/lib/contracts/common';
import {
  listSegmentsQuery,
  MAX_SEGMENTS_PER_PRODUCT,
  segmentBody,
  type MembershipChange,
  type Segment,
  type SegmentBody,
  type SegmentList,
} from '@/lib/contracts/segments';
import {
  segmentMembersQuerySchema,
  segmentPreviewBodySchema,
} from '@/lib/contracts/segment-members';
import {
  DOWNLOAD_LINK_TTL_MS,
  downloadableLabels,
  downloadableRoute,
  downloadLinkBodySchema,
} from '@/lib/contracts/download-links';
import { MESSAGES } from '@/lib/messages';
import { segmentProblems, type SegmentProblem } from '@/lib/segments/problems';
import { referencedBy, referenceProblem } from '@/lib/segments/references';
import { readersOf } from '@/lib/segments/readers';
import { db, type MockUser } from './db';
import { membersCsv, membersOf } from './segment-members';
import { apiError, body, currentUser, ok, unauthorized, validate } from './utils';

/**
 * Mock API of segments (docs/segments.md, "API"): the same checks as the server, from the same
 * lib/segments code. Segments live beside the mock database, one list per `db.brands` array, so
 * `resetMockDb()` (which replaces that array) starts them afresh; they are not kept in the
 * session snapshot of `npm run dev:mock`.
 */
const stores = new WeakMap<object, Segment[]>();
const allSegments = (): Segment[] => {
  let list = stores.get(db.brands);
  if (!list) stores.set(db.brands, (list = []));
  return list;
};
let lastId = 0;

const S = MESSAGES.segments;
const segmentNotFound = () => apiError(404, 'not_found', S.notFound);
const brandNotFound = () => apiError(404, 'not_found', MESSAGES.brands.notFound);
const invalid = (p: SegmentProblem) =>
  apiError(400, 'validation_error', p.message, [{ path: p.path, message: p.message }]);
const inUse = (message: string) => apiError(409, 'segment_in_use', message);

const ownsBrand = (user: MockUser, brandId: number) =>
  db.brands.some((b) => b.id === brandId && b.owner_id === user.id);
const ofBrand = (brandId: number) => allSegments().filter((s) => s.brand_id === brandId);
/** The server's order: names A→Z ignoring case, in code-unit order, then id. */
const sortKey = (s: Pick<Segment, 'name' | 'id'>) => [s.name.toLowerCase(), s.id] as const;
const after = (a: Pick<Segment, 'name' | 'id'>, b: Pick<Segment, 'name' | 'id'>) => {
  const [an, ai] = sortKey(a);
  const [bn, bi] = sortKey(b);
  return an === bn ? ai > bi : an > bn;
};
const encodeCursor = (s: Segment) => btoa(JSON.stringify([s.name, s.id]));
function decodeCursor(cursor: string): { name: string; id: number } | null {
  try {
    const [name, id] = JSON.parse(atob(cursor)) as unknown[];
    return typeof name === 'string' && Number.isSafeInteger(id) ? { name, id: id as number } : null;
  } catch {
    return null;
  }
}

/** Another segment's definition, for "in segment" (only the product's own). */
const definitionIn = (brandId: number) => (id: number) =>
  ofBrand(brandId).find((s) => s.id === id)?.definition;

/** The caller's segment by route id, or the response to send instead (another account's: 404). */
function ownSegment(request: Request, params: Record<string, unknown>) {
  const user = currentUser(request);
  if (!user) return { response: unauthorized(request) } as const;
  const id = validate(idParam, params);
  if (!id.ok) return { response: id.response } as const;
  const segment = allSegments().find((s) => s.id === id.data.id && ownsBrand(user, s.brand_id));
  return segment ? ({ user, segment } as const) : ({ response: segmentNotFound() } as const);
}

/** The server's checks of a save, in its order; the saved segment or the refusal. */
function save(user: MockUser, input: SegmentBody, existing?: Segment): Segment | Response {
  if (!ownsBrand(user, input.brand_id)) return brandNotFound();
  const moves = existing && existing.brand_id !== input.brand_id;
  if (existing && moves) {
    const includer = referencedBy(existing.id, ofBrand(existing.brand_id));
    if (includer) return inUse(S.usedBySegment(includer.name));
  }
  const problem = segmentProblems(input.definition);
  if (problem) return invalid(problem);
  const others = ofBrand(input.brand_id).filter((s) => s.id !== existing?.id);
  const ref = referenceProblem(
    { id: existing?.id, name: input.name, definition: input.definition },
    others,
  );
  if (ref) return invalid(ref);
  if ((!existing || moves) && others.length >= MAX_SEGMENTS_PER_PRODUCT)
    return apiError(409, 'segment_limit_reached', S.limitReached(MAX_SEGMENTS_PER_PRODUCT), [
      { path: 'brand_id', message: S.limitReached(MAX_SEGMENTS_PER_PRODUCT) },
    ]);
  if (others.some((s) => s.name === input.name))
    return apiError(409, 'name_taken', S.nameTaken, [{ path: 'name', message: S.nameTaken }]);
  const now = new Date().toISOString();
  if (existing) {
    // A new definition or product clears the stored count, as the server's update does.
    const same =
      existing.brand_id === input.brand_id &&
      JSON.stringify(existing.definition) === JSON.stringify(input.definition);
    Object.assign(existing, input, { updated_at: now });
    if (!same) Object.assign(existing, { member_count: null, computed_at: null });
    return existing;
  }
  const segment: Segment = {
    id: ++lastId,
    ...input,
    member_count: null,
    computed_at: null,
    created_at: now,
    updated_at: now,
  };
  allSegments().push(segment);
  return segment;
}

/**
 * The server's `membership_change` of a PUT (docs/segments.md, "API"): when the definition
 * changed within its product and a published tour of the product targets the segment or one
 * including it, the members gained and lost (decided by segment-members.ts) and those tours.
 */
function membershipChange(
  prior: Pick<Segment, 'brand_id' | 'definition'>,
  saved: Segment,
): MembershipChange | null {
  if (prior.brand_id !== saved.brand_id) return null;
  if (JSON.stringify(prior.definition) === JSON.stringify(saved.definition)) return null;
  const ids = new Set([saved.id, ...readersOf(saved.id, ofBrand(saved.brand_id))]);
  const tours = db.flows
    .filter(
      (f) =>
        f.brand_id === saved.brand_id &&
        f.status === 'published' &&
        f.condition.trigger_conditions.some(
          (t) => t.trigger_type === 'segment' && t.conditions.some((c) => ids.has(c.segment_id)),
        ),
    )
    .sort((a, b) => a.id - b.id)
    .map((f) => ({ id: f.id, name: f.name }));
  if (tours.length === 0) return null;
  const resolve = definitionIn(saved.brand_id);
  const old = new Set(membersOf(saved.brand_id, prior.definition, resolve).map((p) => p.id));
  const now = new Set(membersOf(saved.brand_id, saved.definition, resolve).map((p) => p.id));
  return {
    gained: [...now].filter((id) => !old.has(id)).length,
    lost: [...old].filter((id) => !now.has(id)).length,
    tours,
  };
}

export const segmentHandlers: HttpHandler[] = [
  http.get('*/v1/segments', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const q = validate(listSegmentsQuery, Object.fromEntries(new URL(request.url).searchParams));
    if (!q.ok) return q.response;
    if (!ownsBrand(user, q.data.brand_id)) return brandNotFound();
    const start = q.data.cursor ? decodeCursor(q.data.cursor) : undefined;
    if (start === null)
      return apiError(400, 'invalid_cursor', MESSAGES.profiles.invalidCursor, [
        { path: 'cursor', message: MESSAGES.profiles.invalidCursor },
      ]);
    const search = q.data.search?.trim().toLowerCase();
    const matching = ofBrand(q.data.brand_id)
      .filter((s) => !search || s.name.toLowerCase().includes(search))
      .sort((a, b) => (after(a, b) ? 1 : -1));
    const rest = start ? matching.filter((s) => after(s, start as Segment)) : matching;
    const page = rest.slice(0, q.data.limit);
    const answer: SegmentList = {
      data: page.map(({ definition: _d, created_at: _c, ...item }) => item),
      total: matching.length,
      nextCursor: rest.length > page.length ? encodeCursor(page.at(-1)!) : null,
    };
    return ok(answer);
  }),

  http.post('*/v1/segments', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, segmentBody);
    if (!parsed.ok) return parsed.response;
    const saved = save(user, parsed.data);
    return saved instanceof Response ? saved : ok(saved, 201);
  }),

  http.get('*/v1/segments/:id', ({ request, params }) => {
    const own = ownSegment(request, params);
    return 'response' in own ? own.response : ok(own.segment);
  }),

  http.put('*/v1/segments/:id', async ({ request, params }) => {
    const own = ownSegment(request, params);
    if ('response' in own) return own.response;
    const parsed = await body(request, segmentBody);
    if (!parsed.ok) return parsed.response;
    const prior = { brand_id: own.segment.brand_id, definition: own.segment.definition };
    const saved = save(own.user, parsed.data, own.segment);
    return saved instanceof Response
      ? saved
      : ok({ ...saved, membership_change: membershipChange(prior, saved) });
  }),

  // Preview and members (docs/segments.md, "Engine"), decided by tests/mocks/segment-members.ts.
  // The mock's products are small: every count is exact, `exact` in the body or not.
  http.post('*/v1/segments/preview', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, segmentPreviewBodySchema);
    if (!parsed.ok) return parsed.response;
    if (!ownsBrand(user, parsed.data.brand_id)) return brandNotFound();
    const problem = segmentProblems(parsed.data.definition);
    if (problem) return invalid(problem);
    const started = Date.now();
    const members = membersOf(
      parsed.data.brand_id,
      parsed.data.definition,
      definitionIn(parsed.data.brand_id),
    );
    return ok({
      count: members.length,
      sample: members.slice(0, 10),
      exact: true,
      took_ms: Date.now() - started,
    });
  }),

  http.get('*/v1/segments/:id/members', ({ request, params }) => {
    // The query is read first, as the server's schema reads it before the handler.
    const q = validate(
      segmentMembersQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
    );
    if (!q.ok) return q.response;
    const own = ownSegment(request, params);
    if ('response' in own) return own.response;
    const { brand_id, definition } = own.segment;
    const members = membersOf(brand_id, definition, definitionIn(brand_id));
    if (q.data.format === 'csv')
      return new HttpResponse(membersCsv(members), {
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      });
    const { limit } = q.data;
    const after = Number(q.data.cursor ?? 0);
    const page = members.filter((p) => p.id > after).slice(0, limit);
    const more = members.some((p) => p.id > (page.at(-1)?.id ?? Infinity));
    const computedAt = new Date().toISOString();
    // The total is an exact count: stored on the segment, as the server stores it.
    Object.assign(own.segment, { member_count: members.length, computed_at: computedAt });
    return ok({
      data: page,
      total: members.length,
      nextCursor: more && page.length ? String(page.at(-1)!.id) : null,
      computed_at: computedAt,
    });
  }),

  // POST /v1/download-links (docs/security.md, "Download links"). A browser's navigation to a
  // link never reaches MSW, so the mock's link carries the file itself (a data: URL), and a
  // segment the user does not own is refused here, where the server refuses it at the download.
  http.post('*/v1/download-links', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const b = await body(request, downloadLinkBodySchema);
    if (!b.ok) return b.response;
    const address = new URL(b.data.path, 'http://mock.invalid');
    if (!downloadableRoute(address.pathname, address.searchParams)) {
      const message = MESSAGES.downloads.notDownloadable(downloadableLabels());
      return apiError(400, 'not_downloadable', message, [{ path: 'path', message }]);
    }
    const id = Number(/^\/v1\/segments\/(\d+)\/members$/.exec(address.pathname)?.[1]);
    const segment = allSegments().find((s) => s.id === id && ownsBrand(user, s.brand_id));
    if (!segment) return segmentNotFound();
    const members = membersOf(segment.brand_id, segment.definition, definitionIn(segment.brand_id));
    const ndjson = address.searchParams.get('format') === 'ndjson';
    const file = ndjson
      ? members.map((p) => `${JSON.stringify(p)}\n`).join('')
      : membersCsv(members);
    const type = ndjson ? 'application/x-ndjson' : 'text/csv';
    return ok({
      url: `data:${type};charset=utf-8,${encodeURIComponent(file)}`,
      expires_at: new Date(Date.now() + DOWNLOAD_LINK_TTL_MS).toISOString(),
    });
  }),

  http.delete('*/v1/segments/:id', ({ request, params }) => {
    const own = ownSegment(request, params);
    if ('response' in own) return own.response;
    const includer = referencedBy(own.segment.id, ofBrand(own.segment.brand_id));
    if (includer) return inUse(S.usedBySegment(includer.name));
    const list = allSegments();
    list.splice(list.indexOf(own.segment), 1);
    return ok({ message: S.deletedAnswer });
  }),
];
