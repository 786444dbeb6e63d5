import type {
  CreateWebhookBody,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery as WebhookDeliveryDto,
} from '../../../lib/contracts/webhooks';
import { WEBHOOK_MESSAGES } from '../../../lib/contracts/webhooks';
import { AppError, notFound } from '../../errors';
import type { BrandAccess } from '../brands/brand-access';
import { endpointUrlProblem, type DestinationPolicy } from './destination-guard';
import { newWebhookSecret } from './standard-webhooks';
import { WEBHOOK_SECRET_OVERLAP_MS, type WebhookDelivery } from './webhook-delivery';
import type {
  WebhookDeliveryRow,
  WebhookEndpointRow,
  WebhooksRepository,
} from './webhooks.repository';

/**
 * Webhook endpoints of the owner's products and their delivery log (docs/webhooks.md). Every
 * read and write is scoped to the owner: another account's endpoint answers 404.
 */

export function toWebhookDto(row: WebhookEndpointRow): Webhook {
  return {
    id: row.id,
    brand_id: row.brandId,
    url: row.url,
    topics: row.topics,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toDeliveryDto(row: WebhookDeliveryRow): WebhookDeliveryDto {
  return {
    id: row.id,
    webhook_id: row.endpointId,
    message_id: row.messageId,
    topic: row.topic,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_response: row.lastResponse,
    payload: row.payload,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export function createWebhooksService(deps: {
  repo: WebhooksRepository;
  access: BrandAccess;
  delivery: WebhookDelivery;
  policy: DestinationPolicy;
  /** A product's endpoints changed (the subscription cache forgets it). */
  onChanged?: (brandId: number) => void;
}) {
  const { repo } = deps;

  function checkUrl(url: string) {
    const problem = endpointUrlProblem(url, deps.policy);
    if (problem)
      throw new AppError(400, 'validation_error', problem, [{ path: 'url', message: problem }]);
  }

  async function owned(ownerId: string, id: number) {
    const row = await repo.findOwned(ownerId, id);
    if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
    return row;
  }

  return {
    async create(ownerId: string, body: CreateWebhookBody) {
      await deps.access.owned(ownerId, body.brand_id);
      checkUrl(body.url);
      const secret = newWebhookSecret();
      const row = await repo.insert({
        brandId: body.brand_id,
        url: body.url,
        topics: body.topics,
        enabled: body.enabled,
        secret,
      });
      deps.onChanged?.(row.brandId);
      return { ...toWebhookDto(row), secret };
    },

    async list(ownerId: string, brandId?: number) {
      if (brandId !== undefined) await deps.access.owned(ownerId, brandId);
      return (await repo.list(ownerId, brandId)).map(toWebhookDto);
    },

    get: async (ownerId: string, id: number) => toWebhookDto(await owned(ownerId, id)),

    async update(ownerId: string, id: number, body: UpdateWebhookBody) {
      if (body.url !== undefined) checkUrl(body.url);
      const row = await repo.updateOwned(ownerId, id, {
        ...(body.url !== undefined && { url: body.url }),
        ...(body.topics !== undefined && { topics: body.topics }),
        // Enabling again clears what the server said and starts a new failing period.
        ...(body.enabled !== undefined && {
          enabled: body.enabled,
          disabledReason: null,
          failingSince: null,
        }),
      });
      if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
      deps.onChanged?.(row.brandId);
      return toWebhookDto(row);
    },

    async remove(ownerId: string, id: number) {
      const { brandId } = await owned(ownerId, id);
      if (!(await repo.deleteOwned(ownerId, id))) throw notFound(WEBHOOK_MESSAGES.notFound);
      deps.onChanged?.(brandId);
    },

    /** A new secret; the previous one keeps signing for 24 hours (docs/webhooks.md). */
    async rotateSecret(ownerId: string, id: number) {
      const current = await owned(ownerId, id);
      const secret = newWebhookSecret();
      const row = await repo.updateOwned(ownerId, id, {
        secret,
        previousSecret: current.secret,
        previousSecretUntil: new Date(Date.now() + WEBHOOK_SECRET_OVERLAP_MS),
      });
      if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
      return { ...toWebhookDto(row), secret };
    },

    async deliveries(ownerId: string, id: number, q: { cursor?: string; limit: number }) {
      await owned(ownerId, id);
      const { rows, total } = await repo.deliveries(
        id,
        q.limit + 1,
        q.cursor === undefined ? undefined : Number(q.cursor),
      );
      const page = rows.slice(0, q.limit);
      return {
        data: page.map(toDeliveryDto),
        total,
        nextCursor: rows.length > q.limit ? String(page.at(-1)!.id) : null,
      };
    },

    async resend(ownerId: string, id: number, deliveryId: number) {
      await owned(ownerId, id);
      const delivery = await repo.findDelivery(id, deliveryId);
      if (!delivery) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      return toDeliveryDto(await deps.delivery.resend(delivery, ownerId));
    },

    async sendTest(ownerId: string, id: number) {
      const endpoint = await owned(ownerId, id);
      return toDeliveryDto(await deps.delivery.sendTest(endpoint, ownerId));
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
