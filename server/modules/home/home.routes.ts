import { envelope } from '../../../lib/contracts/common';
import { homeQuery, homeSchema } from '../../../lib/contracts/home';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { HomeService } from './home.service';

/** Home (docs/home.md): the checklist and the numbers of the product the dashboard is on. */
export function homeRoutes(app: ZodApp, svc: HomeService) {
  app.get('/home', {
    schema: { tags: ['home'], querystring: homeQuery, response: { 200: envelope(homeSchema) } },
    handler: async (req) => ({ data: await svc.home(session(req).user.id, req.query) }),
  });
}
