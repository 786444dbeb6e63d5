import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateWebhookBody } from '@/lib/contracts/webhooks';
import type { ApiError } from '@/api/http';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
  type NewWebhook,
  type Webhook,
  type WebhookWithSecret,
} from '@/api/webhooks';
import type { MutationCallbacks } from '@/hooks/types';
import { webhookKeys } from '../lib/webhooks';

/** GET /v1/webhooks?brand_id: the product's endpoints. */
export function useWebhooks(brandId: number) {
  return useQuery<Webhook[], ApiError>({
    queryKey: webhookKeys.list(brandId),
    queryFn: ({ signal }) => listWebhooks(brandId, signal),
  });
}

/** Puts an answered endpoint into the cached list (its secret is never cached). */
function useStore(brandId: number) {
  const queryClient = useQueryClient();
  return (saved: Webhook | WebhookWithSecret) => {
    const { secret: _secret, ...endpoint } = saved as WebhookWithSecret;
    queryClient.setQueryData<Webhook[]>(webhookKeys.list(brandId), (list = []) =>
      list.some((w) => w.id === endpoint.id)
        ? list.map((w) => (w.id === endpoint.id ? endpoint : w))
        : [...list, endpoint],
    );
  };
}

/** POST /v1/webhooks: the answer (with the secret, shown once) goes to the caller. */
export function useCreateWebhook(
  brandId: number,
  callbacks: MutationCallbacks<WebhookWithSecret, Omit<NewWebhook, 'brand_id'>> = {},
) {
  const store = useStore(brandId);
  return useMutation<WebhookWithSecret, ApiError, Omit<NewWebhook, 'brand_id'>>({
    mutationFn: (body) => createWebhook({ ...body, brand_id: brandId }),
    onSuccess: (saved, body) => {
      store(saved);
      callbacks.onSuccess?.(saved, body);
    },
    onError: (error, body) => callbacks.onError?.(error, body),
  });
}

type Update = { id: number; body: UpdateWebhookBody };

/** PUT /v1/webhooks/{id}. */
export function useUpdateWebhook(
  brandId: number,
  callbacks: MutationCallbacks<Webhook, Update> = {},
) {
  const store = useStore(brandId);
  return useMutation<Webhook, ApiError, Update>({
    mutationFn: ({ id, body }) => updateWebhook(id, body),
    onSuccess: (saved, vars) => {
      store(saved);
      callbacks.onSuccess?.(saved, vars);
    },
    onError: (error, vars) => callbacks.onError?.(error, vars),
  });
}

/** DELETE /v1/webhooks/{id}: the endpoint leaves the cached list and its log. */
export function useDeleteWebhook(
  brandId: number,
  callbacks: MutationCallbacks<unknown, Webhook> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, Webhook>({
    mutationFn: (endpoint) => deleteWebhook(endpoint.id),
    onSuccess: (result, endpoint) => {
      queryClient.setQueryData<Webhook[]>(webhookKeys.list(brandId), (list = []) =>
        list.filter((w) => w.id !== endpoint.id),
      );
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(endpoint.id) });
      callbacks.onSuccess?.(result, endpoint);
    },
    onError: (error, endpoint) => callbacks.onError?.(error, endpoint),
  });
}

/** POST /v1/webhooks/{id}/rotate-secret: the new secret goes to the caller, shown once. */
export function useRotateWebhookSecret(
  brandId: number,
  callbacks: MutationCallbacks<WebhookWithSecret, Webhook> = {},
) {
  const store = useStore(brandId);
  return useMutation<WebhookWithSecret, ApiError, Webhook>({
    mutationFn: (endpoint) => rotateWebhookSecret(endpoint.id),
    onSuccess: (saved, endpoint) => {
      store(saved);
      callbacks.onSuccess?.(saved, endpoint);
    },
    onError: (error, endpoint) => callbacks.onError?.(error, endpoint),
  });
}
