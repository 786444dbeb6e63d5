import { envelope, idParam } from '../../../lib/contracts/common';
import {
  builderProbeAnswerBody,
  builderProbeAnsweredSchema,
  builderProbeBody,
  builderProbeSchema,
  builderProbeSentSchema,
} from '../../../lib/contracts/builder-probe';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import {
  limitByIp,
  memoryCounterStore,
  type CounterStore,
  type LimitRule,
} from '../../plugins/rate-limit';
import { builderPreflight, callerOf } from './builder-http';
import type { BuilderProbeService } from './builder-probe.service';

const PROBE_PATH = '/builder/probe';

/**
 * The picker's poll and answer per client address: an open picker makes about 60 polls a
 * minute plus its answers, so ten open at one address fit. Counted apart from the builder's other
 * calls, so polling never eats the budget of a save.
 */
export const BUILDER_PROBE_LIMIT = { max: 1200, windowMs: 60_000 } satisfies LimitRule;

/** The editor's request to count a selector (dashboard token, the flow's owner; docs/builder.md). */
export function builderProbeEditorRoutes(app: ZodApp, svc: BuilderProbeService) {
  app.post('/flows/:id/builder-probe', {
    schema: {
      tags: ['builder'],
      params: idParam,
      body: builderProbeBody,
      response: { 200: envelope(builderProbeSentSchema) },
    },
    handler: async (req) => ({
      data: await svc.send(session(req).user.id, req.params.id, req.body),
    }),
  });
}

/**
 * The picker's poll and answer from the customer's page (builder token), with the builder
 * routes' CORS: only the token's origin, once the token is known (docs/builder.md, "Security
 * model").
 */
export function builderProbeRoutes(
  app: ZodApp,
  svc: BuilderProbeService,
  /** The app's counters (shared by the nodes through Redis); this node's memory without. */
  counters: CounterStore = memoryCounterStore(),
) {
  const tags = ['builder'];
  const preHandler = limitByIp(counters, 'builder-probe', BUILDER_PROBE_LIMIT);
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('vary', 'Origin');
  });
  app.get(PROBE_PATH, {
    preHandler,
    schema: { tags, response: { 200: envelope(builderProbeSchema) } },
    handler: async (req, reply) => ({ data: await svc.next(callerOf(req, reply)) }),
  });
  app.put(PROBE_PATH, {
    preHandler,
    bodyLimit: 4 * 1024,
    schema: {
      tags,
      body: builderProbeAnswerBody,
      response: { 200: envelope(builderProbeAnsweredSchema) },
    },
    handler: async (req, reply) => ({ data: await svc.answer(callerOf(req, reply), req.body) }),
  });
  app.options(PROBE_PATH, { schema: { hide: true } }, builderPreflight('GET, PUT'));
}
