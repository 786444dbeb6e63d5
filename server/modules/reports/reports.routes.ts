import { z } from 'zod';
import { idParam } from '../../../lib/contracts/common';
import {
  funnelCustomersQuery,
  listReportsQuery,
  reportBody,
  reportQuery,
} from '../../../lib/contracts/reports';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import { reportCsv } from './report-csv';
import type { ReportsService } from './reports.service';
import type { SavedReportsService } from './saved-reports.service';

const format = z.object({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});

/** Reports (docs/reports.md, "API"). */
export function reportRoutes(
  app: ZodApp,
  deps: { reports: ReportsService; saved: SavedReportsService },
) {
  const { reports, saved } = deps;
  const tags = ['reports'];
  const owner = (req: Parameters<typeof session>[0]) => session(req).user.id;
  app.get('/reports', {
    schema: { tags, querystring: listReportsQuery },
    handler: async (req) => ({ data: await saved.list(owner(req), req.query) }),
  });
  app.post('/reports', {
    schema: { tags, body: reportBody },
    handler: async (req, reply) =>
      reply.status(201).send({ data: await saved.create(owner(req), req.body) }),
  });
  app.get('/reports/:id', {
    schema: { tags, params: idParam },
    handler: async (req) => ({ data: await saved.get(owner(req), req.params.id) }),
  });
  app.put('/reports/:id', {
    schema: { tags, params: idParam, body: reportBody },
    handler: async (req) => ({ data: await saved.update(owner(req), req.params.id, req.body) }),
  });
  app.delete('/reports/:id', {
    schema: { tags, params: idParam },
    handler: async (req) => ({ data: await saved.remove(owner(req), req.params.id) }),
  });
  // Reads sent as POST (their bodies are report queries): not counted as writes.
  app.post('/reports/funnel-customers', {
    config: { readOnly: true },
    schema: { tags, body: funnelCustomersQuery },
    handler: async (req) => ({
      data: { customers: await reports.funnelCustomers(owner(req), req.body) },
    }),
  });
  app.post('/reports/query', {
    config: { readOnly: true },
    schema: { tags, body: reportQuery, querystring: format },
    handler: async (req, reply) => {
      const answer = await reports.query(owner(req), req.body);
      if (req.query.format === 'csv')
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="report.csv"')
          .send(reportCsv(answer));
      return { data: answer };
    },
  });
}
