import { z } from 'zod';
import { envelope, idParam, okMessage } from '../../../lib/contracts/common';
import {
  funnelCustomersQuery,
  funnelCustomersSchema,
  listReportsQuery,
  reportAnswerSchema,
  reportBody,
  reportListSchema,
  reportQuery,
  savedReportSchema,
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
    schema: { tags, querystring: listReportsQuery, response: { 200: envelope(reportListSchema) } },
    handler: async (req) => ({ data: await saved.list(owner(req), req.query) }),
  });
  app.post('/reports', {
    schema: { tags, body: reportBody, response: { 201: envelope(savedReportSchema) } },
    handler: async (req, reply) =>
      reply.status(201).send({ data: await saved.create(owner(req), req.body) }),
  });
  app.get('/reports/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(savedReportSchema) } },
    handler: async (req) => ({ data: await saved.get(owner(req), req.params.id) }),
  });
  app.put('/reports/:id', {
    schema: {
      tags,
      params: idParam,
      body: reportBody,
      response: { 200: envelope(savedReportSchema) },
    },
    handler: async (req) => ({ data: await saved.update(owner(req), req.params.id, req.body) }),
  });
  app.delete('/reports/:id', {
    schema: { tags, params: idParam, response: { 200: envelope(okMessage) } },
    handler: async (req) => ({ data: await saved.remove(owner(req), req.params.id) }),
  });
  // Reads sent as POST (their bodies are report queries): not counted as writes.
  app.post('/reports/funnel-customers', {
    config: { readOnly: true },
    schema: {
      tags,
      body: funnelCustomersQuery,
      response: { 200: envelope(funnelCustomersSchema) },
    },
    handler: async (req) => ({
      data: { customers: await reports.funnelCustomers(owner(req), req.body) },
    }),
  });
  app.post('/reports/query', {
    config: { readOnly: true },
    // JSON, or with `format=csv` CSV text (sent as it is: text is never serialized).
    schema: {
      tags,
      body: reportQuery,
      querystring: format,
      response: {
        200: {
          content: {
            'application/json': { schema: envelope(reportAnswerSchema) },
            'text/csv': { schema: z.string() },
          },
        },
      },
    },
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
