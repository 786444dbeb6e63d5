import { useId } from 'react';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useCurrentBrand } from '../hooks/use-current-brand';

/** "Current product" picker for the sidebar; only the initial shows when the sidebar is minimized. */
export function BrandSwitcher({ minimized = false }: { minimized?: boolean }) {
  const id = useId();
  const { brands, current, setBrandId } = useCurrentBrand();
  const list = brands.data?.data ?? [];

  if (minimized) {
    const label = current ? `Current product: ${current.name}` : 'No product yet';
    return (
      <div className="flex justify-center" title={label}>
        <span
          aria-label={label}
          role="img"
          className="flex h-9 w-9 items-center justify-center rounded-md bg-slate-100 text-sm font-semibold text-slate-700"
        >
          {current ? Array.from(current.name)[0]?.toUpperCase() : '–'}
        </span>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="px-1 text-xs font-medium uppercase tracking-wide text-slate-500">
        Current product
      </label>
      <select
        id={id}
        value={current?.id ?? ''}
        disabled={list.length === 0}
        onChange={(event) => setBrandId(Number(event.target.value))}
        className={cn(
          'h-9 w-full truncate rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 disabled:bg-slate-50 disabled:text-slate-400',
          focusRing,
          'focus-visible:ring-offset-0',
        )}
      >
        {list.length === 0 ? <option value="">{brands.isPending ? 'Loading…' : 'No products yet'}</option> : null}
        {list.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brand.name}
          </option>
        ))}
      </select>
    </div>
  );
}
