import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
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
import { MESSAGES } from '../../../lib/messages';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import { tooManyRequests } from '../../errors';
import { bearer } from '../../lib/bearer';
import { hashToken } from '../../lib/tokens';
import {
  limitByIp,
  memoryCounterStore,
  type CounterStore,
  type LimitRule,
} from '../../plugins/rate-limit';
import type { BuilderService } from './builder.service';
import { allowOn, builderPreflight, callerOf } from './builder-http';

/** A pick is a few selectors and some text; the body stays small. */
const BUILDER_MAX_BODY_BYTES = 64 * 1024;
const EXCHANGE_PATH = '/builder/exchange';
const TARGET_PATH = '/builder/steps/:step_id/target';
const FLOW_PATH = '/builder/flow';
const SESSION_PATH = '/builder/session';

const MIN = 60_000;
/**
 * Limits of the builder's public calls (docs/builder.md, "Security model"): exchanges per client
 * address, and the builder token's calls per token and per address. A marketer exchanges a code
 * once per launch and saves or reads a few times a minute.
 */
export const BUILDER_RATE_LIMITS = {
  exchangePerIp: { max: 60, windowMs: MIN },
  tokenPerToken: { max: 120, windowMs: MIN },
  tokenPerIp: { max: 600, windowMs: MIN },
} satisfies Record<string, LimitRule>;

/** A preHandler that counts the request against its builder token (hashed, never stored). */
function limitByToken(store: CounterStore, rule: LimitRule) {
  return async (request: FastifyRequest) => {
    const token = bearer(request);
    if (!token) return;
    const key = `builder-token:${hashToken(token).slice(0, 32)}`;
    const { count, resetInMs } = await store.hit(key, rule.windowMs);
    if (count > rule.max) throw tooManyRequests(MESSAGES.auth.tooManyAttempts, resetInMs / 1000);
  };
}

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

/**
 * The builder's calls from the customer's page. CORS answers only the origin the code or token
 * is bound to; a preflight carries neither, so it names the asking origin, and the call itself
 * is refused from any other (docs/builder.md, "Security model").
 */
export function builderRoutes(
  app: ZodApp,
  svc: BuilderService,
  /** The app's counters (shared by the nodes through Redis); this node's memory without. */
  counters: CounterStore = memoryCounterStore(),
) {
  const tags = ['builder'];
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('vary', 'Origin');
  });
  const exchangeLimit = limitByIp(counters, 'builder-exchange', BUILDER_RATE_LIMITS.exchangePerIp);
  const tokenLimits = [
    limitByIp(counters, 'builder-token', BUILDER_RATE_LIMITS.tokenPerIp),
    limitByToken(counters, BUILDER_RATE_LIMITS.tokenPerToken),
  ];
  app.post(EXCHANGE_PATH, {
    preHandler: exchangeLimit,
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
    preHandler: tokenLimits,
    bodyLimit: BUILDER_MAX_BODY_BYTES,
    schema: {
      tags,
      params: builderStepParams,
      body: builderTargetBody,
      response: { 200: envelope(builderTargetSavedSchema) },
    },
    handler: async (req, reply) => ({
      data: await svc.saveTarget(callerOf(req, reply), req.params.step_id, req.body),
    }),
  });
  app.get(FLOW_PATH, {
    preHandler: tokenLimits,
    schema: { tags, response: { 200: envelope(builderFlowSchema) } },
    handler: async (req, reply) => ({ data: await svc.flow(callerOf(req, reply)) }),
  });
  // The builder's Cancel: the token is revoked on the server, not only forgotten by the page.
  app.delete(SESSION_PATH, {
    preHandler: tokenLimits,
    // No body: the empty answer of a 204, declared for the API document.
    schema: { tags, response: { 204: z.null().describe('No content: the token is revoked') } },
    handler: async (req, reply) => {
      await svc.cancel(callerOf(req, reply));
      return reply.status(204).send(null);
    },
  });
  app.options(EXCHANGE_PATH, { schema: { hide: true } }, builderPreflight('POST'));
  app.options(TARGET_PATH, { schema: { hide: true } }, builderPreflight('PUT'));
  app.options(FLOW_PATH, { schema: { hide: true } }, builderPreflight('GET'));
  app.options(SESSION_PATH, { schema: { hide: true } }, builderPreflight('DELETE'));
}
