import { idParam } from '../../../lib/contracts/common';
import {
  listShortUrlsQuery,
  shortUrlBody,
  shortUrlReportQuery,
} from '../../../lib/contracts/short-urls';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { ShortUrlsService } from './short-urls.service';

/** Short links of the session's products (docs/short-urls.md, "API"). */
export function shortUrlRoutes(app: ZodApp, svc: ShortUrlsService) {
  const tags = ['short-urls'];
  const owner = (req: Parameters<typeof session>[0]) => session(req).user.id;
  app.get('/short-urls', {
    schema: { tags, querystring: listShortUrlsQuery },
    handler: async (req) => ({ data: await svc.list(owner(req), req.query) }),
  });
  app.post('/short-urls', {
    schema: { tags, body: shortUrlBody },
    handler: async (req, reply) =>
      reply.status(201).send({ data: await svc.create(owner(req), req.body) }),
  });
  app.get('/short-urls/:id', {
    schema: { tags, params: idParam },
    handler: async (req) => ({ data: await svc.get(owner(req), req.params.id) }),
  });
  app.put('/short-urls/:id', {
    schema: { tags, params: idParam, body: shortUrlBody },
    handler: async (req) => ({ data: await svc.update(owner(req), req.params.id, req.body) }),
  });
  app.delete('/short-urls/:id', {
    schema: { tags, params: idParam },
    handler: async (req) => ({ data: await svc.remove(owner(req), req.params.id) }),
  });
  app.get('/short-urls/:id/report', {
    schema: { tags, params: idParam, querystring: shortUrlReportQuery },
    handler: async (req) => ({ data: await svc.report(owner(req), req.params.id, req.query) }),
  });
}
