import { z } from 'zod';
import { envelope } from '../../../lib/contracts/common';
import { listPlansQuery, planSchema } from '../../../lib/contracts/plans';
import type { AppContext, ZodApp } from '../../context';

export function planRoutes(app: ZodApp, ctx: AppContext) {
  const tags = ['plans'];
  app.get('/plans/available-plan', {
    schema: { tags, response: { 200: envelope(z.array(planSchema)) } },
    handler: async () => ({ data: await ctx.plans.available() }),
  });
  app.get('/plans', {
    schema: {
      tags,
      querystring: listPlansQuery,
      response: { 200: envelope(z.object({ data: z.array(planSchema), total: z.number() })) },
    },
    handler: async (req) => ({ data: await ctx.plans.list(req.query) }),
  });
}
