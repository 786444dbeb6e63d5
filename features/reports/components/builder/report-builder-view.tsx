import { useState } from 'react';
import { PageHeader } from '@/components/list/page-header';
import { NoBrandState } from '@/components/no-brand-state';
import { useBrandStore } from '@/stores/brand';
import { draftKey } from '../../lib/form-draft';
import { formOfReport, newReportForm, type ReportForm } from '../../lib/report-form';
import { SavedReportGate } from '../saved-report-gate';
import { ReportBuilderForm } from './report-builder-form';

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
  return (
    <SavedReportGate>
      {(report) => (
        <section aria-labelledby="report-builder-heading">
          <PageHeader
            id="report-builder-heading"
            title={`Edit report: ${report.name}`}
            description={`On ${report.brand_name}.`}
          />
          <ReportBuilderForm
            key={`edit-${report.id}-${report.updated_at}`}
            baseline={formOfReport(report)}
            reportId={report.id}
            storageKey={draftKey(report.id)}
          />
        </section>
      )}
    </SavedReportGate>
  );
}
