import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { ChartIcon, PlusIcon } from '@/components/ui/icons';

/** Shown when the account tracks no product yet. */
export function BrandsEmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-14 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <ChartIcon className="h-6 w-6" />
      </span>
      <h3 className="mt-4 text-base font-semibold text-slate-900">Track your first product</h3>
      <p className="mt-1 max-w-sm text-sm text-slate-600">{MESSAGES.brands.empty}</p>
      <Button className="mt-6" onClick={onAdd}>
        <PlusIcon className="h-4 w-4" />
        Add product
      </Button>
    </div>
  );
}
