import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/api/http';
import {
  listWebhookDeliveries,
  resendWebhookDelivery,
  sendWebhookTest,
  type WebhookDelivery,
  type WebhookDeliveryPage,
} from '@/api/webhooks';
import type { MutationCallbacks } from '@/hooks/types';
import { WEBHOOK_DELIVERIES_PAGE_SIZE, webhookKeys } from '../lib/webhooks';

/** While a delivery is still pending the log asks again this often. */
const PENDING_REFRESH_MS = 2_000;

const anyPending = (pages: readonly WebhookDeliveryPage[] | undefined) =>
  (pages ?? []).some((p) => p.data.some((d) => d.status === 'pending'));

/** GET /v1/webhooks/{id}/deliveries, paged by cursor; refreshed while a delivery is pending. */
export function useWebhookDeliveries(id: number) {
  return useInfiniteQuery<WebhookDeliveryPage, ApiError>({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ pageParam, signal }) =>
      listWebhookDeliveries(
        id,
        { cursor: (pageParam as string | null) ?? undefined, limit: WEBHOOK_DELIVERIES_PAGE_SIZE },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) => (anyPending(query.state.data?.pages) ? PENDING_REFRESH_MS : false),
  });
}

/** The endpoint's newest delivery, or null (the list's "Last delivery" column). */
export function useLastDelivery(id: number) {
  return useQuery<WebhookDelivery | null, ApiError>({
    queryKey: webhookKeys.last(id),
    queryFn: async ({ signal }) =>
      (await listWebhookDeliveries(id, { limit: 1 }, signal)).data[0] ?? null,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' ? PENDING_REFRESH_MS : false,
  });
}

/** After a new attempt series the log (and the last delivery) is read again. */
function useRefreshLog(id: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) });
}

/** POST /v1/webhooks/{id}/deliveries/{delivery_id}/resend. */
export function useResendDelivery(
  id: number,
  callbacks: MutationCallbacks<WebhookDelivery, WebhookDelivery> = {},
) {
  const refresh = useRefreshLog(id);
  return useMutation<WebhookDelivery, ApiError, WebhookDelivery>({
    mutationFn: (delivery) => resendWebhookDelivery(id, delivery.id),
    onSuccess: async (sent, delivery) => {
      await refresh();
      callbacks.onSuccess?.(sent, delivery);
    },
    onError: (error, delivery) => callbacks.onError?.(error, delivery),
  });
}

/** POST /v1/webhooks/{id}/test: "Send test event". */
export function useSendWebhookTest(
  id: number,
  callbacks: MutationCallbacks<WebhookDelivery, void> = {},
) {
  const refresh = useRefreshLog(id);
  return useMutation<WebhookDelivery, ApiError, void>({
    mutationFn: () => sendWebhookTest(id),
    onSuccess: async (sent) => {
      await refresh();
      callbacks.onSuccess?.(sent, undefined);
    },
    onError: (error) => callbacks.onError?.(error, undefined),
  });
}
