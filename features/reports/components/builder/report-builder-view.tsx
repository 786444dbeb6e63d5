import Link from 'next/link';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { PageSpinner } from '@/components/layout/spinner';
import { PageHeader } from '@/components/list/page-header';
import { NoBrandState } from '@/components/no-brand-state';
import { FormAlert } from '@/components/ui/form-alert';
import { RetryAlert } from '@/components/ui/retry-alert';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useBrandStore } from '@/stores/brand';
import { useReport } from '../../hooks/use-report';
import { draftKey } from '../../lib/form-draft';
import { formOfReport, newReportForm, type ReportForm } from '../../lib/report-form';
import { ReportBuilderForm } from './report-builder-form';

/** The report id of `/reports/[id]/edit`; 'pending' until the router has read the URL. */
export function useReportIdParam(): number | 'invalid' | 'pending' {
  const { query, isReady } = useRouter();
  if (!isReady) return 'pending';
  const id = Number(query.id);
  return Number.isInteger(id) && id > 0 ? id : 'invalid';
}

export function ReportNotFound() {
  return (
    <FormAlert>
      {MESSAGES.reports.notFound}{' '}
      <Link href={paths.reportsList()} className="font-semibold underline">
        Back to Reports
      </Link>
    </FormAlert>
  );
}

/** /reports/create: a new report of the product the dashboard is looking at. */
export function CreateReportView() {
  const brandId = useBrandStore((s) => s.brandId);
  const [baseline, setBaseline] = useState<ReportForm | null>(null);
  if (brandId === null) return <NoBrandState title="Reports need a tracked product" />;
  // A new form per product: switching product in the header starts over on that product.
  const form = baseline?.brand_id === brandId ? baseline : newReportForm(brandId);
  if (form !== baseline) setBaseline(form);
  return (
    <section aria-labelledby="report-builder-heading">
      <PageHeader
        id="report-builder-heading"
        title="Create report"
        description="Ask a question of your product's events."
      />
      <ReportBuilderForm
        key={`create-${brandId}`}
        baseline={form}
        reportId={null}
        storageKey={draftKey(null, brandId)}
      />
    </section>
  );
}

/** /reports/{id}/edit: the saved report in the builder. */
export function EditReportView() {
  const id = useReportIdParam();
  const report = useReport(typeof id === 'number' ? id : null);
  if (id === 'pending') return <PageSpinner />;
  if (id === 'invalid' || report.error?.status === 404) return <ReportNotFound />;
  if (report.isError)
    return (
      <RetryAlert
        message={MESSAGES.reports.failedToGetReport(report.error.message)}
        onRetry={() => void report.refetch()}
      />
    );
  if (!report.data) return <PageSpinner />;
  return (
    <section aria-labelledby="report-builder-heading">
      <PageHeader
        id="report-builder-heading"
        title={`Edit report: ${report.data.name}`}
        description={`On ${report.data.brand_name}.`}
      />
      <ReportBuilderForm
        key={`edit-${id}-${report.data.updated_at}`}
        baseline={formOfReport(report.data)}
        reportId={id}
        storageKey={draftKey(id)}
      />
    </section>
  );
}
