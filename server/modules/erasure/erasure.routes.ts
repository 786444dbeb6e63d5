import { envelope, idParam } from '../../../lib/contracts/common';
import {
  eraseBodySchema,
  erasureListQuerySchema,
  erasureListSchema,
  erasureSchema,
} from '../../../lib/contracts/erasure';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { ErasureService } from './erasure.service';

/**
 * Erasure of a customer and its audit (docs/data-rights.md, "Erasure"): the request answers 202
 * with the queued erasure; its receipt is read back once the job has run.
 */
export function erasureRoutes(app: ZodApp, svc: ErasureService) {
  const tags = ['data rights'];
  app.post('/customer-profiles/:id/erase', {
    schema: {
      tags,
      params: idParam,
      body: eraseBodySchema,
      response: { 202: envelope(erasureSchema) },
    },
    handler: async (req, reply) => {
      const s = session(req);
      const made = await svc.request(s.user.id, s.user.id, req.params.id, req.body);
      return reply.code(202).send({ data: made });
    },
  });
  app.get('/erasures/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(erasureSchema) } },
    handler: async (req) => ({ data: await svc.get(session(req).user.id, req.params.id) }),
  });
  app.get('/erasures', {
    schema: {
      tags,
      querystring: erasureListQuerySchema,
      response: { 200: envelope(erasureListSchema) },
    },
    handler: async (req) => ({ data: await svc.list(session(req).user.id, req.query) }),
  });
}
