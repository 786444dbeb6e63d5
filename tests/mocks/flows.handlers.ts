import { http, type HttpHandler } from 'msw';
import { idParam } from '@/lib/contracts/common';
import {
  flowBody,
  listFlowsQuery,
  type Flow,
  type FlowBody,
  type ListFlowsQuery,
} from '@/lib/contracts/flows';
import { flowProblems } from '@/lib/flows/checks';
import { MESSAGES } from '@/lib/messages';
import { db } from './db';
import { apiError, body, currentUser, ok, unauthorized, validate } from './utils';

const notFound = () => apiError(404, 'not_found', MESSAGES.flows.notFound);
const owns = (userId: string, brandId: number) =>
  db.brands.some((b) => b.id === brandId && b.owner_id === userId);

/** The signed-in user's flow named by the path, or the response to send instead. */
function ownFlow(request: Request, params: unknown): { flow: Flow } | { response: Response } {
  const user = currentUser(request);
  if (!user) return { response: unauthorized(request) };
  const id = validate(idParam, params);
  const flow = id.ok ? db.flows.find((f) => f.id === id.data.id) : undefined;
  if (!flow || !owns(user.id, flow.brand_id)) return { response: notFound() };
  return { flow };
}

/**
 * As the server: publishing is refused while docs/product/validation.md#58-flow-checks finds
 * problems.
 */
function unpublishable(input: FlowBody): Response | null {
  if (!input.publish) return null;
  const problems = flowProblems(input);
  if (problems.length === 0) return null;
  return apiError(
    400,
    'flow_incomplete',
    problems[0]!,
    problems.map((message) => ({ path: 'flow', message })),
  );
}

/** As the server: by updated_at or lower-case name, then by id, both in the asked direction. */
function listOrder(sortBy: ListFlowsQuery['sort_by'], order: ListFlowsQuery['sort_order']) {
  const dir = order === 'asc' ? 1 : -1;
  const key = (f: Flow) => (sortBy === 'name' ? f.name.toLowerCase() : f.updated_at);
  return (a: Flow, b: Flow) => {
    const [ka, kb] = [key(a), key(b)];
    return (ka < kb ? -dir : ka > kb ? dir : 0) || (a.id - b.id) * dir;
  };
}

export const flowHandlers: HttpHandler[] = [
  http.get('*/v1/flows', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const q = validate(listFlowsQuery, Object.fromEntries(new URL(request.url).searchParams));
    if (!q.ok) return q.response;
    if (!owns(user.id, q.data.brand_id))
      return apiError(404, 'not_found', MESSAGES.brands.notFound);
    const { search, status } = q.data;
    const all = db.flows
      .filter((f) => f.brand_id === q.data.brand_id)
      .filter((f) => !search || f.name.toLowerCase().includes(search.toLowerCase()))
      .filter((f) => !status || f.status === status)
      .sort(listOrder(q.data.sort_by, q.data.sort_order));
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
    return unpublishable(parsed.data) ?? ok(addFlow(parsed.data), 201);
  }),
  http.get('*/v1/flows/:id', ({ request, params }) => {
    const found = ownFlow(request, params);
    return 'response' in found ? found.response : ok(found.flow);
  }),
  http.put('*/v1/flows/:id', async ({ request, params }) => {
    const found = ownFlow(request, params);
    if ('response' in found) return found.response;
    const parsed = await body(request, flowBody);
    if (!parsed.ok) return parsed.response;
    if (!owns(currentUser(request)!.id, parsed.data.brand_id))
      return apiError(404, 'not_found', MESSAGES.brands.notFound);
    const refused = unpublishable(parsed.data);
    if (refused) return refused;
    Object.assign(found.flow, parsed.data, {
      status: parsed.data.publish ? 'published' : 'unpublished',
      updated_at: new Date().toISOString(),
    });
    return ok(found.flow);
  }),
  http.post('*/v1/flows/:id/duplicate', ({ request, params }) => {
    const found = ownFlow(request, params);
    if ('response' in found) return found.response;
    const src = found.flow;
    return ok(addFlow({ ...src, name: `Copy of ${src.name}`.slice(0, 60), publish: false }), 201);
  }),
  http.delete('*/v1/flows/:id', ({ request, params }) => {
    const found = ownFlow(request, params);
    if ('response' in found) return found.response;
    db.flows.splice(db.flows.indexOf(found.flow), 1);
    return ok({ message: MESSAGES.flows.deletedAnswer });
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
