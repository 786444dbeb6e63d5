import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelope, idParam } from '../../../lib/contracts/common';
import {
  builderExchangeBody,
  builderExchangeSchema,
  builderFlowSchema,
  builderSessionBody,
  builderSessionSchema,
  builderStepParams,
  builderTargetBody,
  builderTargetSavedSchema,
} from '../../../lib/contracts/builder';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import { bearer } from '../../lib/bearer';
import type { AllowOrigin, BuilderService } from './builder.service';

/** A pick is a few selectors and some text; the body stays small. */
const BUILDER_MAX_BODY_BYTES = 64 * 1024;
const EXCHANGE_PATH = '/builder/exchange';
const TARGET_PATH = '/builder/steps/:step_id/target';
const FLOW_PATH = '/builder/flow';

/** Launching the builder from the editor (dashboard token, the flow's owner; docs/builder.md). */
export function builderSessionRoutes(app: ZodApp, svc: BuilderService) {
  app.post('/flows/:id/builder-sessions', {
    schema: {
      tags: ['builder'],
      params: idParam,
      body: builderSessionBody,
      response: { 201: envelope(builderSessionSchema) },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send({ data: await svc.createSession(session(req).user.id, req.params.id, req.body) }),
  });
}

const allowOn =
  (reply: FastifyReply): AllowOrigin =>
  (origin) =>
    reply.header('access-control-allow-origin', origin);

/**
 * The builder's calls from the customer's page. CORS answers only the origin the code or token
 * is bound to; a preflight carries neither, so it names the asking origin, and the call itself
 * is refused from any other (docs/builder.md, "Security model").
 */
export function builderRoutes(app: ZodApp, svc: BuilderService) {
  const tags = ['builder'];
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('vary', 'Origin');
  });
  app.post(EXCHANGE_PATH, {
    bodyLimit: BUILDER_MAX_BODY_BYTES,
    schema: { tags, body: builderExchangeBody, response: { 200: envelope(builderExchangeSchema) } },
    handler: async (req, reply) => ({
      data: await svc.exchange(
        req.body.code,
        req.body.write_key,
        req.headers.origin,
        allowOn(reply),
      ),
    }),
  });
  app.put(TARGET_PATH, {
    bodyLimit: BUILDER_MAX_BODY_BYTES,
    schema: {
      tags,
      params: builderStepParams,
      body: builderTargetBody,
      response: { 200: envelope(builderTargetSavedSchema) },
    },
    handler: async (req, reply) => ({
      data: await svc.saveTarget(
        { token: bearer(req), origin: req.headers.origin, allow: allowOn(reply) },
        req.params.step_id,
        req.body,
      ),
    }),
  });
  app.get(FLOW_PATH, {
    schema: { tags, response: { 200: envelope(builderFlowSchema) } },
    handler: async (req, reply) => ({
      data: await svc.flow({
        token: bearer(req),
        origin: req.headers.origin,
        allow: allowOn(reply),
      }),
    }),
  });
  const preflight = (methods: string) => async (req: FastifyRequest, reply: FastifyReply) => {
    const origin = req.headers.origin;
    if (origin && /^https?:\/\/[^/]+$/i.test(origin))
      reply.headers({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': methods,
        'access-control-allow-headers': 'Authorization, Content-Type',
        'access-control-max-age': '600',
      });
    return reply.status(204).send();
  };
  app.options(EXCHANGE_PATH, { schema: { hide: true } }, preflight('POST'));
  app.options(TARGET_PATH, { schema: { hide: true } }, preflight('PUT'));
  app.options(FLOW_PATH, { schema: { hide: true } }, preflight('GET'));
}
