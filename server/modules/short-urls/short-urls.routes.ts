import { envelope, idParam, okMessage } from '../../../lib/contracts/common';
import {
  listShortUrlsQuery,
  shortUrlBody,
  shortUrlListSchema,
  shortUrlReportQuery,
  shortUrlReportSchema,
  shortUrlSchema,
} from '../../../lib/contracts/short-urls';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { ShortUrlsService } from './short-urls.service';

/** Short links of the session's products (docs/short-urls.md, "API"). */
export function shortUrlRoutes(app: ZodApp, svc: ShortUrlsService) {
  const tags = ['short-urls'];
  const owner = (req: Parameters<typeof session>[0]) => session(req).user.id;
  app.get('/short-urls', {
    schema: {
      tags,
      querystring: listShortUrlsQuery,
      response: { 200: envelope(shortUrlListSchema) },
    },
    handler: async (req) => ({ data: await svc.list(owner(req), req.query) }),
  });
  app.post('/short-urls', {
    schema: { tags, body: shortUrlBody, response: { 201: envelope(shortUrlSchema) } },
    handler: async (req, reply) =>
      reply.status(201).send({ data: await svc.create(owner(req), req.body) }),
  });
  app.get('/short-urls/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(shortUrlSchema) } },
    handler: async (req) => ({ data: await svc.get(owner(req), req.params.id) }),
  });
  app.put('/short-urls/:id', {
    schema: {
      tags,
      params: idParam,
      body: shortUrlBody,
      response: { 200: envelope(shortUrlSchema) },
    },
    handler: async (req) => ({ data: await svc.update(owner(req), req.params.id, req.body) }),
  });
  app.delete('/short-urls/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(okMessage) } },
    handler: async (req) => ({ data: await svc.remove(owner(req), req.params.id) }),
  });
  app.get('/short-urls/:id/report', {
    schema: {
      tags,
      params: idParam,
      querystring: shortUrlReportQuery,
      response: { 200: envelope(shortUrlReportSchema) },
    },
    handler: async (req) => ({ data: await svc.report(owner(req), req.params.id, req.query) }),
  });
}
