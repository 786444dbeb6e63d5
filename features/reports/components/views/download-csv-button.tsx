import { Button } from '@/components/ui/button';
import { csvFileName, useCsvDownload } from '@/components/csv-download';
import { MESSAGES } from '@/lib/messages';
import { queryReportCsv, type ReportQueryInput } from '@/api/reports';

/** Downloads the report's numbers for `query` as CSV (POST /v1/reports/query?format=csv). */
export function DownloadCsvButton(props: { query: ReportQueryInput | null; name: string }) {
  const { query } = props;
  const { pending, download } = useCsvDownload({
    fetchCsv: query ? () => queryReportCsv(query) : null,
    fileName: csvFileName(props.name, 'report'),
    failed: MESSAGES.reports.failedToDownload,
  });
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void download()}
      loading={pending}
      disabled={!query || pending}
    >
      Download CSV
    </Button>
  );
}
