import type { PreviewCheckoutBody } from '@/lib/contracts/payments';

/** Query keys of billing data that is not the user's own record (those live in userKeys). */
export const billingKeys = {
  all: ['billing'] as const,
  preview: (body: PreviewCheckoutBody | null) => ['billing', 'price-preview', body] as const,
};
