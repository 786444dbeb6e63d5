import { envelope, idParam, okMessage } from '../../../lib/contracts/common';
import { flowBody, flowSchema, listFlowsQuery } from '../../../lib/contracts/flows';
import {
  flowListWithHealthSchema,
  targetHealthSettingsSchema,
} from '../../../lib/contracts/target-health';
import { MESSAGES } from '../../../lib/messages';
import { notFound } from '../../errors';
import type { TargetHealthService } from './target-health.service';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import { flowReportQuery, flowReportSchema } from '../../../lib/contracts/flow-runtime';
import type { FlowReportService } from './flow-report.service';
import type { FlowsService } from './flows.service';

/** Product tours (docs/product/api.md#flows). */
export function flowRoutes(
  app: ZodApp,
  deps: { flows: FlowsService; reports: FlowReportService; health: TargetHealthService },
) {
  const svc = deps.flows;
  const tags = ['flows'];
  const owner = (req: Parameters<typeof session>[0]) => session(req).user.id;
  app.get('/flows', {
    schema: {
      tags,
      querystring: listFlowsQuery,
      response: { 200: envelope(flowListWithHealthSchema) },
    },
    handler: async (req) => ({ data: await svc.list(owner(req), req.query) }),
  });
  app.post('/flows', {
    schema: { tags, body: flowBody, response: { 201: envelope(flowSchema) } },
    handler: async (req, reply) =>
      reply.status(201).send({ data: await svc.create(owner(req), req.body) }),
  });
  app.get('/flows/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(flowSchema) } },
    handler: async (req) => ({ data: await svc.get(owner(req), req.params.id) }),
  });
  app.put('/flows/:id', {
    schema: { tags, params: idParam, body: flowBody, response: { 200: envelope(flowSchema) } },
    handler: async (req) => ({ data: await svc.update(owner(req), req.params.id, req.body) }),
  });
  app.post('/flows/:id/duplicate', {
    schema: { tags, params: idParam, response: { 201: envelope(flowSchema) } },
    handler: async (req, reply) =>
      reply.status(201).send({ data: await svc.duplicate(owner(req), req.params.id) }),
  });
  app.get('/flows/:id/report', {
    schema: {
      tags,
      params: idParam,
      querystring: flowReportQuery,
      response: { 200: envelope(flowReportSchema) },
    },
    handler: async (req) => ({
      data: await deps.reports.report(owner(req), req.params.id, req.query),
    }),
  });
  app.put('/flows/:id/target-health', {
    schema: {
      tags,
      params: idParam,
      body: targetHealthSettingsSchema,
      response: { 200: envelope(targetHealthSettingsSchema) },
    },
    handler: async (req) => {
      const saved = await deps.health.setPauseWhenBroken(
        owner(req),
        req.params.id,
        req.body.pause_when_broken,
      );
      if (!saved) throw notFound(MESSAGES.flows.notFound);
      return { data: saved };
    },
  });
  app.delete('/flows/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(okMessage) } },
    handler: async (req) => ({ data: await svc.remove(owner(req), req.params.id) }),
  });
}
