import { DataExports } from './data-exports';
import { EraseCustomerFinder } from './erase-customer-finder';
import { ErasureLog } from './erasure-log';
import { RetentionForm } from './retention-form';

/** Settings → Data (docs/settings.md, "Data"): retention, the exports, then erasing a customer and its log. */
export function DataSection({ brandId }: { brandId: number }) {
  return (
    <div className="flex flex-col gap-8">
      <RetentionForm brandId={brandId} />
      <div className="border-t border-slate-200 pt-6">
        <DataExports brandId={brandId} />
      </div>
      <section aria-labelledby="erase-customer-heading" className="border-t border-slate-200 pt-6">
        <h3 id="erase-customer-heading" className="mb-3 text-sm font-semibold text-slate-900">
          Erase a customer
        </h3>
        <EraseCustomerFinder brandId={brandId} />
        <h4 className="mt-6 mb-2 text-sm font-medium text-slate-900">Erasure log</h4>
        <ErasureLog brandId={brandId} />
      </section>
    </div>
  );
}
