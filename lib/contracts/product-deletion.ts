import { z } from 'zod';

/**
 * Deleting a product with a grace period (docs/data-rights.md, "Deleting a product"): one
 * contract read by the server's routes, the mock API and the dashboard.
 */

/** How long a product waits between the request and its deletion. */
export const PRODUCT_DELETION_GRACE_MS = 24 * 60 * 60 * 1000;

/** POST /v1/brands/{id}/deletion's body: the product's name, typed to confirm. */
export const productDeletionBodySchema = z.object({
  name: z.string({ error: 'Type the product’s name to confirm' }).max(200),
});

/** A pending deletion. */
export const productDeletionSchema = z.object({
  brand_id: z.number().int(),
  requested_by: z.string(),
  requested_at: z.string(),
  /** When the product and its data are deleted, unless cancelled before. */
  due_at: z.string(),
});
export type ProductDeletion = z.infer<typeof productDeletionSchema>;
