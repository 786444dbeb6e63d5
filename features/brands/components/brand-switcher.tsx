import { useId } from 'react';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { CheckIcon, ChevronDownIcon } from '@/components/ui/icons';
import { Menu } from '@/components/ui/menu';
import { useCurrentBrand } from '../hooks/use-current-brand';

/**
 * "Current product" picker for the sidebar (a menu of radio items, so the chosen name stays
 * visible in the trigger); when the sidebar is minimized the trigger shrinks to the initial.
 */
export function BrandSwitcher({ minimized = false }: { minimized?: boolean }) {
  const labelId = useId();
  const valueId = useId();
  const { brands, current, setBrandId } = useCurrentBrand();
  const list = brands.data?.data ?? [];
  const valueText = current?.name ?? (brands.isPending ? 'Loading…' : 'No products yet');

  return (
    <div className={cn('flex flex-col gap-1', minimized && 'items-center')}>
      <span
        id={labelId}
        className={
          minimized ? 'sr-only' : 'px-1 text-xs font-medium uppercase tracking-wide text-slate-500'
        }
      >
        Current product
      </span>
      <Menu
        radio
        side={minimized ? 'right' : 'bottom'}
        contentClassName="max-h-[250px] overflow-y-auto"
        triggerProps={{
          'aria-labelledby': `${labelId} ${valueId}`,
          disabled: list.length === 0,
          title: minimized ? valueText : undefined,
        }}
        triggerClassName={cn(
          'flex items-center rounded-md border border-slate-300 bg-white text-sm text-slate-800 hover:bg-slate-50 disabled:cursor-default disabled:bg-slate-50 disabled:text-slate-400',
          focusRing,
          'focus-visible:ring-offset-0',
          minimized
            ? 'h-9 w-9 justify-center font-semibold'
            : 'h-9 w-full justify-between gap-2 px-2.5',
        )}
        trigger={
          minimized ? (
            <>
              <span aria-hidden="true">
                {current ? Array.from(current.name)[0]?.toUpperCase() : '–'}
              </span>
              <span id={valueId} className="sr-only">
                {valueText}
              </span>
            </>
          ) : (
            <>
              <span id={valueId} className="truncate">
                {valueText}
              </span>
              <ChevronDownIcon className="h-4 w-4 shrink-0 text-slate-400" />
            </>
          )
        }
        items={list.map((brand) => ({
          key: String(brand.id),
          checked: brand.id === current?.id,
          icon:
            brand.id === current?.id ? (
              <CheckIcon className="absolute left-2.5 h-4 w-4 text-brand-600" />
            ) : undefined,
          label: <span className="truncate">{brand.name}</span>,
          onSelect: () => setBrandId(brand.id),
        }))}
      />
    </div>
  );
}
