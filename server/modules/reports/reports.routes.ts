import { z } from 'zod';
import { reportQuery } from '../../../lib/contracts/reports';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import { trendCsv } from './report-csv';
import type { Reports } from './reports.service';

const format = z.object({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});

/** Reports (docs/reports.md, "API"). */
export function reportRoutes(app: ZodApp, reports: Reports) {
  const tags = ['reports'];
  app.post('/reports/query', {
    schema: { tags, body: reportQuery, querystring: format },
    handler: async (req, reply) => {
      const answer = await reports.query(session(req).user.id, req.body);
      if (req.query.format === 'csv')
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="report.csv"')
          .send(trendCsv(answer));
      return { data: answer };
    },
  });
}
