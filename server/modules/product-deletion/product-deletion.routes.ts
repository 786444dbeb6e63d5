import { z } from 'zod';
import { envelope, idParam } from '../../../lib/contracts/common';
import {
  productDeletionBodySchema,
  productDeletionSchema,
} from '../../../lib/contracts/product-deletion';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { ProductDeletionService } from './product-deletion.service';

/**
 * A product's pending deletion (docs/data-rights.md, "Deleting a product"): read it, ask for it
 * (202, due in 24 hours), cancel it.
 */
export function productDeletionRoutes(app: ZodApp, svc: ProductDeletionService) {
  const tags = ['data rights'];
  app.get('/brands/:id/deletion', {
    schema: {
      tags,
      params: idParam,
      response: { 200: envelope(productDeletionSchema.nullable()) },
    },
    handler: async (req) => ({ data: await svc.get(session(req).user.id, req.params.id) }),
  });
  app.post('/brands/:id/deletion', {
    schema: {
      tags,
      params: idParam,
      body: productDeletionBodySchema,
      response: { 202: envelope(productDeletionSchema) },
    },
    handler: async (req, reply) => {
      const s = session(req);
      const made = await svc.request(s.user.id, s.user.id, req.params.id, req.body.name);
      return reply.code(202).send({ data: made });
    },
  });
  app.delete('/brands/:id/deletion', {
    schema: {
      tags,
      params: idParam,
      response: { 200: envelope(z.object({ cancelled: z.boolean() })) },
    },
    handler: async (req) => ({
      data: { cancelled: await svc.cancel(session(req).user.id, req.params.id) },
    }),
  });
}
