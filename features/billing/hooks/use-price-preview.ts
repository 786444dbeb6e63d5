import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PreviewCheckoutBody } from '@/lib/contracts/payments';
import { previewCheckout } from '@/api/payments';
import { billingKeys } from '../lib/query-keys';

/**
 * POST /v1/payments/preview-checkout for `body` (null: nothing to preview). Callers debounce the
 * body; the previous preview stays shown while the next one loads.
 */
export function usePricePreview(body: PreviewCheckoutBody | null) {
  return useQuery({
    queryKey: billingKeys.preview(body),
    queryFn: ({ signal }) => previewCheckout(body as PreviewCheckoutBody, signal),
    enabled: body !== null,
    // A preview is priced at this moment: never reuse one from an earlier opening.
    staleTime: 0,
    gcTime: 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
