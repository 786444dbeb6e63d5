import { envelope, idParam, okMessage } from '../../../lib/contracts/common';
import {
  listSegmentsQuery,
  savedSegmentSchema,
  segmentBody,
  segmentListSchema,
  segmentSchema,
} from '../../../lib/contracts/segments';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { SegmentsService } from './segments.service';

/** Segments: list, create, read, update, delete (docs/segments.md, "API"). */
export function segmentRoutes(app: ZodApp, svc: SegmentsService) {
  const tags = ['segments'];
  const owner = (req: Parameters<typeof session>[0]) => session(req).user.id;

  app.get('/segments', {
    schema: {
      tags,
      querystring: listSegmentsQuery,
      response: { 200: envelope(segmentListSchema) },
    },
    handler: async (req) => ({ data: await svc.list(owner(req), req.query) }),
  });
  app.post('/segments', {
    schema: { tags, body: segmentBody, response: { 201: envelope(segmentSchema) } },
    handler: async (req, reply) =>
      reply.status(201).send({ data: await svc.create(owner(req), req.body) }),
  });
  app.get('/segments/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(segmentSchema) } },
    handler: async (req) => ({ data: await svc.get(owner(req), req.params.id) }),
  });
  app.put('/segments/:id', {
    schema: {
      tags,
      params: idParam,
      body: segmentBody,
      // The segment and what the save did to the audience of published tours reading it.
      response: { 200: envelope(savedSegmentSchema) },
    },
    handler: async (req) => ({ data: await svc.update(owner(req), req.params.id, req.body) }),
  });
  app.delete('/segments/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(okMessage) } },
    handler: async (req) => ({ data: await svc.remove(owner(req), req.params.id) }),
  });
}
