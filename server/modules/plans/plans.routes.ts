import { z } from 'zod';
import { envelope } from '../../../lib/contracts/common';
import { listPlansQuery, planSchema } from '../../../lib/contracts/plans';
import type { ZodApp } from '../../context';
import type { PlansService } from './plans.service';

export function planRoutes(app: ZodApp, plans: PlansService) {
  const tags = ['plans'];
  app.get('/plans/available-plan', {
    schema: { tags, response: { 200: envelope(z.array(planSchema)) } },
    handler: async () => ({ data: await plans.available() }),
  });
  app.get('/plans', {
    schema: {
      tags,
      querystring: listPlansQuery,
      response: { 200: envelope(z.object({ data: z.array(planSchema), total: z.number() })) },
    },
    handler: async (req) => ({ data: await plans.list(req.query) }),
  });
}
