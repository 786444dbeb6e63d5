import { exportPath } from '@/api/data-rights';
import { LinkDownload } from '@/components/link-download';
import { MESSAGES } from '@/lib/messages';

function ExportLink(props: { brandId: number; kind: 'events' | 'profiles'; label: string }) {
  return (
    <LinkDownload
      path={exportPath(props.kind, props.brandId, 'csv')}
      fileName={`${props.kind === 'events' ? 'events' : 'customers'}-${props.brandId}.csv`}
      failed={MESSAGES.dataExport.failedToExport}
    >
      {props.label}
    </LinkDownload>
  );
}

/** Settings → Data: every event and customer as CSV (docs/data-export.md). */
export function DataExports({ brandId }: { brandId: number }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="max-w-2xl text-sm text-slate-600">
        The files stream straight to your disk, whatever their size. The same exports are in the API
        (GET /v1/export/events and /v1/export/profiles, NDJSON or CSV, resumable).
      </p>
      <div className="flex flex-wrap gap-3">
        <ExportLink brandId={brandId} kind="events" label="Export events (CSV)" />
        <ExportLink brandId={brandId} kind="profiles" label="Export customers (CSV)" />
      </div>
    </div>
  );
}
