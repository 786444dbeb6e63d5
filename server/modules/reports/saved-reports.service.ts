import { numberedPage } from '../../lib/numbered-page';
import {
  storedReportChart,
  type ListReportsQuery,
  type ReportBody,
  type ReportList,
  type SavedReport,
} from '../../../lib/contracts/reports';
import { MESSAGES } from '../../../lib/messages';
import { notFound } from '../../errors';
import type { BrandAccess } from '../brands/brand-access';
import type { ReportRow, ReportsRepository } from './reports.repository';

/** A stored row as answered; its stored JSON is read leniently (an older chart never fails a list). */
function toDto(row: { report: ReportRow; brandName: string }): SavedReport {
  const r = row.report;
  return {
    id: r.id,
    brand_id: r.brandId,
    brand_name: row.brandName,
    name: r.name,
    type: r.query.type,
    query: r.query,
    chart: storedReportChart.parse(r.chart),
    pinned: r.pinned,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** Saved reports of the session's products (docs/reports.md, "Saved reports"). */
export function createSavedReportsService(deps: {
  reports: ReportsRepository;
  access: Pick<BrandAccess, 'owned'>;
}) {
  const { reports, access } = deps;
  const values = (body: ReportBody) => ({
    brandId: body.brand_id,
    name: body.name,
    type: body.query.type,
    query: body.query,
    chart: body.chart,
    pinned: body.pinned,
  });
  const found = async (ownerId: string, id: number) => {
    const row = await reports.find(ownerId, id);
    if (!row) throw notFound(MESSAGES.reports.notFound);
    return row;
  };
  return {
    async list(ownerId: string, q: ListReportsQuery): Promise<ReportList> {
      if (q.brand_id !== undefined) await access.owned(ownerId, q.brand_id);
      const page = numberedPage(q);
      const { rows, total } = await reports.list(ownerId, {
        brandId: q.brand_id,
        pinned: q.pinned,
        search: q.search?.trim() || undefined,
        offset: page.offset,
        limit: page.limit,
      });
      return page.answer(rows.map(toDto), total);
    },
    async get(ownerId: string, id: number) {
      return toDto(await found(ownerId, id));
    },
    async create(ownerId: string, body: ReportBody) {
      const brand = await access.owned(ownerId, body.brand_id);
      const row = await reports.insert(values(body));
      return toDto({ report: row, brandName: brand.name });
    },
    /** Saves over a report; it may move to another product of the same owner. */
    async update(ownerId: string, id: number, body: ReportBody) {
      await found(ownerId, id);
      const brand = await access.owned(ownerId, body.brand_id);
      const row = await reports.update(ownerId, id, values(body));
      if (!row) throw notFound(MESSAGES.reports.notFound);
      return toDto({ report: row, brandName: brand.name });
    },
    async remove(ownerId: string, id: number) {
      await found(ownerId, id);
      await reports.remove(ownerId, id);
      return { message: MESSAGES.reports.deleted };
    },
  };
}
export type SavedReportsService = ReturnType<typeof createSavedReportsService>;
