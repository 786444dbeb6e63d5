import { envelope, idParam } from '../../../lib/contracts/common';
import { retentionBodySchema, retentionSchema } from '../../../lib/contracts/retention';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { RetentionService } from './retention.service';

/**
 * A product's data retention (docs/retention.md), as IP capture and filters are read and saved:
 * `GET`/`PUT /v1/brands/{id}/retention` with `{retention_months}`; 404 for another's product.
 */
export function retentionRoutes(app: ZodApp, svc: RetentionService) {
  const tags = ['data rights'];
  app.get('/brands/:id/retention', {
    schema: { tags, params: idParam, response: { 200: envelope(retentionSchema) } },
    handler: async (req) => ({ data: await svc.get(session(req).user.id, req.params.id) }),
  });
  app.put('/brands/:id/retention', {
    schema: {
      tags,
      params: idParam,
      body: retentionBodySchema,
      response: { 200: envelope(retentionSchema) },
    },
    handler: async (req) => ({
      data: await svc.update(session(req).user.id, req.params.id, req.body),
    }),
  });
}
