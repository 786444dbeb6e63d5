import { exportPath } from '@/api/data-rights';
import { LinkDownload } from '@/components/link-download';
import type { ExportFormat } from '@/lib/contracts/data-export';
import { MESSAGES } from '@/lib/messages';

function ExportLink(props: {
  brandId: number;
  kind: 'events' | 'profiles';
  format: ExportFormat;
  label: string;
}) {
  return (
    <LinkDownload
      path={exportPath(props.kind, props.brandId, props.format)}
      fileName={`${props.kind === 'events' ? 'events' : 'customers'}-${props.brandId}.${props.format}`}
      failed={MESSAGES.dataExport.failedToExport}
    >
      {props.label}
    </LinkDownload>
  );
}

/** Settings → Data: every event and customer as CSV or Parquet (docs/data-export.md). */
export function DataExports({ brandId }: { brandId: number }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="max-w-2xl text-sm text-slate-600">
        The files stream straight to your disk, whatever their size. Parquet keeps types (times,
        lists, JSON) for DuckDB, pandas or a warehouse; it starts once the whole file is built. The
        same exports are in the API (GET /v1/export/events and /v1/export/profiles, NDJSON, CSV or
        Parquet, resumable).
      </p>
      <div className="flex flex-wrap gap-3">
        <ExportLink brandId={brandId} kind="events" format="csv" label="Export events (CSV)" />
        <ExportLink brandId={brandId} kind="profiles" format="csv" label="Export customers (CSV)" />
        <ExportLink
          brandId={brandId}
          kind="events"
          format="parquet"
          label="Export events (Parquet)"
        />
        <ExportLink
          brandId={brandId}
          kind="profiles"
          format="parquet"
          label="Export customers (Parquet)"
        />
      </div>
    </div>
  );
}
