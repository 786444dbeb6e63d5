import { DataExports } from './data-exports';
import { RetentionForm } from './retention-form';

/** Settings → Data (docs/settings.md, "Data"): retention, then the exports. */
export function DataSection({ brandId }: { brandId: number }) {
  return (
    <div className="flex flex-col gap-8">
      <RetentionForm brandId={brandId} />
      <div className="border-t border-slate-200 pt-6">
        <DataExports brandId={brandId} />
      </div>
    </div>
  );
}
