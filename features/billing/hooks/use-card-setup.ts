import { useMutation } from '@tanstack/react-query';
import type { SetupIntent } from '@/lib/contracts/payments';
import type { ApiError } from '@/api/http';
import { createSetupIntent, ensureCustomer } from '@/api/payments';

/**
 * A card setup intent for the user's card-provider customer (created on first need): the
 * customer id is required (docs/product/validation.md#59-other-rules), so it is fetched first.
 */
export function useCardSetup() {
  return useMutation<SetupIntent, ApiError, void>({
    mutationFn: async () => {
      const { customer_id } = await ensureCustomer();
      return createSetupIntent(customer_id);
    },
  });
}
