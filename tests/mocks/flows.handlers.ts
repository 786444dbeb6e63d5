import { http, type HttpHandler } from 'msw';
import { idParam } from '@/lib/contracts/common';
import { flowBody, listFlowsQuery, type Flow } from '@/lib/contracts/flows';
import { MESSAGES } from '@/lib/messages';
import { db } from './db';
import { apiError, body, currentUser, ok, unauthorized, validate } from './utils';

const notFound = () => apiError(404, 'not_found', MESSAGES.flows.notFound);
const owns = (userId: string, brandId: number) =>
  db.brands.some((b) => b.id === brandId && b.owner_id === userId);

export const flowHandlers: HttpHandler[] = [
  http.get('*/v1/flows', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const q = validate(listFlowsQuery, Object.fromEntries(new URL(request.url).searchParams));
    if (!q.ok) return q.response;
    if (!owns(user.id, q.data.brand_id))
      return apiError(404, 'not_found', MESSAGES.brands.notFound);
    const all = db.flows
      .filter((f) => f.brand_id === q.data.brand_id)
      .filter((f) => !q.data.search || f.name.toLowerCase().includes(q.data.search.toLowerCase()));
    const page = Number(q.data.cursor);
    const slice = all.slice((page - 1) * q.data.limit, page * q.data.limit);
    return ok({
      data: slice.map((f) => ({
        id: f.id,
        brand_id: f.brand_id,
        name: f.name,
        status: f.status,
        step_count: f.steps.length,
        updated_at: f.updated_at,
      })),
      total: all.length,
      nextCursor: page * q.data.limit < all.length ? String(page + 1) : null,
    });
  }),
  http.post('*/v1/flows', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, flowBody);
    if (!parsed.ok) return parsed.response;
    if (!owns(user.id, parsed.data.brand_id))
      return apiError(404, 'not_found', MESSAGES.brands.notFound);
    return ok(addFlow(parsed.data), 201);
  }),
  http.post('*/v1/flows/:id/duplicate', ({ request, params }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const id = validate(idParam, params);
    const src = id.ok ? db.flows.find((f) => f.id === id.data.id) : undefined;
    if (!src || !owns(user.id, src.brand_id)) return notFound();
    return ok(addFlow({ ...src, name: `Copy of ${src.name}`.slice(0, 60), publish: false }), 201);
  }),
  http.delete('*/v1/flows/:id', ({ request, params }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const id = validate(idParam, params);
    const i = id.ok ? db.flows.findIndex((f) => f.id === id.data.id) : -1;
    if (i < 0 || !owns(user.id, db.flows[i]!.brand_id)) return notFound();
    db.flows.splice(i, 1);
    return ok({ message: 'Product tour deleted.' });
  }),
];

/** Adds a flow as the API would store it (tests seed with this). */
export function addFlow(
  input: Omit<Flow, 'id' | 'status' | 'created_at' | 'updated_at'> & Partial<Flow>,
): Flow {
  // A mock database saved by the browser worker before flows existed has no flow counter.
  db.seq.flow = (db.seq.flow || 0) + 1;
  const now = new Date().toISOString();
  const flow: Flow = {
    ...input,
    id: db.seq.flow,
    status: input.publish ? 'published' : 'unpublished',
    created_at: now,
    updated_at: now,
  };
  db.flows.unshift(flow);
  return flow;
}
