import { http } from 'msw';
import { idParam } from '@/lib/contracts/common';
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_TOPIC,
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryParams,
  webhookListQuerySchema,
  type Webhook,
  type WebhookDelivery,
} from '@/lib/contracts/webhooks';
import { MESSAGES } from '@/lib/messages';
import { db, randomToken, type MockBrand, type MockUser } from './db';
import { apiError, body, currentUser, ok, unauthorized, validate } from './utils';

// As the API (Fastify): the path is checked first, then the body or query, then the owner.

/**
 * Outbound webhooks (docs/webhooks.md, "API") as the API answers them, kept on the mock product.
 * The mock sends nothing: a delivery answers `pending` like the API's, and the next read of the
 * log finds it delivered (one attempt, 200), as a receiver on a developer's machine would.
 */

type MockWebhook = Webhook & { secret: string; deliveries: WebhookDelivery[] };
type WebhookBrand = MockBrand & { webhooks?: MockWebhook[] };

const brands = () => db.brands as WebhookBrand[];
const allWebhooks = () => brands().flatMap((b) => b.webhooks ?? []);
const nextId = (ids: number[]) => Math.max(0, ...ids) + 1;
const newSecret = () => `whsec_${btoa(randomToken('', 32)).slice(0, 44)}`;
const notFound = (message: string = WEBHOOK_MESSAGES.notFound) =>
  apiError(404, 'not_found', message);
const validation = (message: string, path: string) =>
  apiError(400, 'validation_error', message, [{ path, message }]);

/** The destination rules on a loopback APP_URL (docs/webhooks.md, "Destinations"). */
function urlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full URL, such as https://example.com/webhooks.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'The URL must start with https://.';
  if (url.username || url.password)
    return 'Put credentials in the receiving code, not in the URL: it is shown in the delivery log.';
  return null;
}

const publicWebhook = ({ secret: _s, deliveries: _d, ...w }: MockWebhook): Webhook => w;
const withSecret = (w: MockWebhook) => ({ ...publicWebhook(w), secret: w.secret });

function owned(user: MockUser, params: Record<string, unknown>) {
  const id = validate(idParam, params);
  if (!id.ok) return { response: id.response } as const;
  const brandIds = new Set(db.brands.filter((b) => b.owner_id === user.id).map((b) => b.id));
  const found = allWebhooks().find((w) => w.id === id.data.id && brandIds.has(w.brand_id));
  return found ? ({ webhook: found } as const) : ({ response: notFound() } as const);
}

function withUser(request: Request) {
  const user = currentUser(request);
  return user ? { user } : { response: unauthorized(request) };
}

function newDelivery(w: MockWebhook, topic: string, data: unknown): WebhookDelivery {
  const created_at = new Date().toISOString();
  const delivery: WebhookDelivery = {
    id: nextId(allWebhooks().flatMap((x) => x.deliveries.map((d) => d.id))),
    webhook_id: w.id,
    message_id: randomToken('msg_', 27),
    topic,
    status: 'pending',
    attempts: 0,
    last_status_code: null,
    last_response: null,
    payload: JSON.stringify({ type: topic, timestamp: created_at, data }),
    next_attempt_at: created_at,
    created_at,
  };
  w.deliveries.unshift(delivery);
  return { ...delivery };
}

/** What the API's job would have done by the next read: one attempt, answered 200. */
function deliverPending(w: MockWebhook) {
  for (const d of w.deliveries)
    if (d.status === 'pending')
      Object.assign(d, {
        status: 'succeeded',
        attempts: d.attempts + 1,
        last_status_code: 200,
        last_response: '',
        next_attempt_at: null,
      });
}

export const webhookHandlers = [
  http.get('*/v1/webhooks', ({ request }) => {
    const u = withUser(request);
    if (!u.user) return u.response;
    const q = validate(
      webhookListQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
    );
    if (!q.ok) return q.response;
    const mine = brands().filter((b) => b.owner_id === u.user.id);
    if (q.data.brand_id !== undefined && !mine.some((b) => b.id === q.data.brand_id))
      return apiError(404, 'not_found', MESSAGES.brands.notFound);
    const list = mine
      .filter((b) => q.data.brand_id === undefined || b.id === q.data.brand_id)
      .flatMap((b) => b.webhooks ?? [])
      .sort((a, b) => a.id - b.id);
    return ok(list.map(publicWebhook));
  }),
  http.post('*/v1/webhooks', async ({ request }) => {
    const u = withUser(request);
    if (!u.user) return u.response;
    const parsed = await body(request, createWebhookBodySchema);
    if (!parsed.ok) return parsed.response;
    const brand = brands().find((b) => b.id === parsed.data.brand_id && b.owner_id === u.user.id);
    if (!brand) return apiError(404, 'not_found', MESSAGES.brands.notFound);
    const problem = urlProblem(parsed.data.url);
    if (problem) return validation(problem, 'url');
    const now = new Date().toISOString();
    const webhook: MockWebhook = {
      id: nextId(allWebhooks().map((w) => w.id)),
      brand_id: brand.id,
      url: parsed.data.url,
      topics: parsed.data.topics,
      enabled: parsed.data.enabled,
      disabled_reason: null,
      created_at: now,
      updated_at: now,
      secret: newSecret(),
      deliveries: [],
    };
    (brand.webhooks ??= []).push(webhook);
    return ok(withSecret(webhook), 201);
  }),
  http.get('*/v1/webhooks/:id', ({ request, params }) => {
    const u = withUser(request);
    if (!u.user) return u.response;
    const found = owned(u.user, params);
    return 'response' in found ? found.response : ok(publicWebhook(found.webhook));
  }),
  http.put('*/v1/webhooks/:id', async ({ request, params }) => {
    const u = withUser(request);
    if (!u.user) return u.response;
    const id = validate(idParam, params);
    if (!id.ok) return id.response;
    const parsed = await body(request, updateWebhookBodySchema);
    if (!parsed.ok) return parsed.response;
    const found = owned(u.user, params);
    if ('response' in found) return found.response;
    const problem = parsed.data.url === undefined ? null : urlProblem(parsed.data.url);
    if (problem) return validation(problem, 'url');
    const w = found.webhook;
    if (parsed.data.url !== undefined) w.url = parsed.data.url;
    if (parsed.data.topics !== undefined) w.topics = parsed.data.topics;
    if (parsed.data.enabled !== undefined) {
      w.enabled = parsed.data.enabled;
      w.disabled_reason = null;
    }
    w.updated_at = new Date().toISOString();
    return ok(publicWebhook(w));
  }),
  http.delete('*/v1/webhooks/:id', ({ request, params }) => {
    const u = withUser(request);
    if (!u.user) return u.response;
    const found = owned(u.user, params);
    if ('response' in found) return found.response;
    const brand = brands().find((b) => b.id === found.webhook.brand_id)!;
    brand.webhooks = (brand.webhooks ?? []).filter((w) => w.id !== found.webhook.id);
    return ok({ id: found.webhook.id });
  }),
  http.post('*/v1/webhooks/:id/rotate-secret', ({ request, params }) => {
    const u = withUser(request);
    if (!u.user) return u.response;
    const found = owned(u.user, params);
    if ('response' in found) return found.response;
    found.webhook.secret = newSecret();
    found.webhook.updated_at = new Date().toISOString();
    return ok(withSecret(found.webhook));
  }),
  http.get('*/v1/webhooks/:id/deliveries', ({ request, params }) => {
    const u = withUser(request);
    if (!u.user) return u.response;
    const id = validate(idParam, params);
    if (!id.ok) return id.response;
    const q = validate(
      webhookDeliveriesQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
    );
    if (!q.ok) return q.response;
    const found = owned(u.user, params);
    if ('response' in found) return found.response;
    deliverPending(found.webhook);
    const all = found.webhook.deliveries;
    const after =
      q.data.cursor === undefined ? all : all.filter((d) => d.id < Number(q.data.cursor));
    const page = after.slice(0, q.data.limit);
    return ok({
      data: page,
      total: all.length,
      nextCursor: after.length > q.data.limit ? String(page.at(-1)!.id) : null,
    });
  }),
  http.post('*/v1/webhooks/:id/deliveries/:delivery_id/resend', ({ request, params }) => {
    const u = withUser(request);
    if (!u.user) return u.response;
    const ids = validate(webhookDeliveryParams, params);
    if (!ids.ok) return ids.response;
    const found = owned(u.user, params);
    if ('response' in found) return found.response;
    const d = found.webhook.deliveries.find((x) => x.id === ids.data.delivery_id);
    if (!d) return notFound(WEBHOOK_MESSAGES.deliveryNotFound);
    Object.assign(d, { status: 'pending', next_attempt_at: new Date().toISOString() });
    return ok({ ...d }, 202);
  }),
  http.post('*/v1/webhooks/:id/test', ({ request, params }) => {
    const u = withUser(request);
    if (!u.user) return u.response;
    const found = owned(u.user, params);
    if ('response' in found) return found.response;
    const w = found.webhook;
    return ok(
      newDelivery(w, WEBHOOK_TEST_TOPIC, {
        webhook_id: w.id,
        brand_id: w.brand_id,
        message: 'A test event sent from Signpost.',
      }),
      202,
    );
  }),
];

/** Puts an endpoint (and `deliveries` old deliveries of it, oldest first) into the mock API. */
export function addMockWebhook(
  brandId: number,
  input: Partial<Pick<Webhook, 'url' | 'topics' | 'enabled' | 'disabled_reason'>> & {
    deliveries?: number;
  } = {},
): Webhook & { secret: string } {
  const brand = brands().find((b) => b.id === brandId);
  if (!brand) throw new Error(`no mock product ${brandId}`);
  const now = new Date().toISOString();
  const webhook: MockWebhook = {
    id: nextId(allWebhooks().map((w) => w.id)),
    brand_id: brandId,
    url: input.url ?? 'https://hooks.example.com/signpost',
    topics: input.topics ?? ['flow.completed'],
    enabled: input.enabled ?? true,
    disabled_reason: input.disabled_reason ?? null,
    created_at: now,
    updated_at: now,
    secret: newSecret(),
    deliveries: [],
  };
  (brand.webhooks ??= []).push(webhook);
  for (let i = 0; i < (input.deliveries ?? 0); i += 1)
    newDelivery(webhook, webhook.topics[0] ?? WEBHOOK_TEST_TOPIC, { n: i });
  deliverPending(webhook);
  return withSecret(webhook);
}
