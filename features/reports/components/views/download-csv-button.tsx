import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { MESSAGES } from '@/lib/messages';
import { errorMessage } from '@/api/http';
import { queryReportCsv, type ReportQueryInput } from '@/api/reports';

/** A file name from a report's name: letters, digits and dashes. */
export function csvFileName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 80);
  return `${base || 'report'}.csv`;
}

/** Downloads the report's numbers for `query` as CSV (POST /v1/reports/query?format=csv). */
export function DownloadCsvButton(props: { query: ReportQueryInput | null; name: string }) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    if (!props.query) return;
    setPending(true);
    try {
      const csv = await queryReportCsv(props.query);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = csvFileName(props.name);
      document.body.append(link);
      link.click();
      link.remove();
      // Some browsers read the object URL after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      notify.error(MESSAGES.reports.failedToDownload(errorMessage(error)));
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void download()}
      loading={pending}
      disabled={!props.query || pending}
    >
      Download CSV
    </Button>
  );
}
