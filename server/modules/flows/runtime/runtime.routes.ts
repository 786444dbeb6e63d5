import type { FastifyRequest } from 'fastify';
import { envelope, idParam } from '../../../../lib/contracts/common';
import {
  availableFlowBody,
  availableFlowSchema,
  flowDoneBody,
  flowSessionAnswerSchema,
  flowTrackBody,
} from '../../../../lib/contracts/flow-runtime';
import type { ZodApp } from '../../../context';
import { publicBrowserScope } from '../../../lib/public-scope';
import { writeKeyOf } from '../../ingest/ingest.routes';
import type { FlowRuntimeService } from './runtime.service';

/** Bodies of the runtime calls are small: a URL and a few ids. */
const RUNTIME_MAX_BODY_BYTES = 16 * 1024;

const caller = (req: FastifyRequest) => ({
  writeKey: writeKeyOf(req, req.body),
  origin: req.headers.origin,
  address: req.ip,
});

/**
 * The flow runtime's public calls from customers' pages, authenticated by the product's write key
 * like ingestion (docs/flows.md, "Runtime API").
 */
export async function flowRuntimeRoutes(app: ZodApp, runtime: FlowRuntimeService) {
  publicBrowserScope(app, RUNTIME_MAX_BODY_BYTES);
  const tags = ['flow runtime'];
  app.post('/flows/available-flow', {
    bodyLimit: RUNTIME_MAX_BODY_BYTES,
    schema: { tags, body: availableFlowBody, response: { 200: envelope(availableFlowSchema) } },
    handler: async (req) => ({ data: await runtime.available(caller(req), req.body) }),
  });
  app.post('/flows/:id/track', {
    bodyLimit: RUNTIME_MAX_BODY_BYTES,
    schema: {
      tags,
      params: idParam,
      body: flowTrackBody,
      response: { 200: envelope(flowSessionAnswerSchema) },
    },
    handler: async (req) => ({
      data: await runtime.track(caller(req), req.params.id, req.body),
    }),
  });
  app.post('/flows/:id/done', {
    bodyLimit: RUNTIME_MAX_BODY_BYTES,
    schema: {
      tags,
      params: idParam,
      body: flowDoneBody,
      response: { 200: envelope(flowSessionAnswerSchema) },
    },
    handler: async (req) => ({ data: await runtime.done(caller(req), req.params.id, req.body) }),
  });
  for (const url of ['/flows/available-flow', '/flows/:id/track', '/flows/:id/done'])
    app.options(url, { schema: { hide: true } }, async (_req, reply) => reply.status(204).send());
}
