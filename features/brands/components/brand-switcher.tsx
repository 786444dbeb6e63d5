import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useId } from 'react';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { CheckIcon, ChevronDownIcon } from '@/components/ui/icons';
import { useCurrentBrand } from '../hooks/use-current-brand';

const ITEM =
  'relative flex cursor-pointer select-none items-center gap-2 rounded-md py-2 pl-8 pr-3 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[state=checked]:font-medium data-[state=checked]:text-slate-900';

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
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-labelledby={`${labelId} ${valueId}`}
          disabled={list.length === 0}
          title={minimized ? valueText : undefined}
          className={cn(
            'flex items-center rounded-md border border-slate-300 bg-white text-sm text-slate-800 hover:bg-slate-50 disabled:cursor-default disabled:bg-slate-50 disabled:text-slate-400',
            focusRing,
            'focus-visible:ring-offset-0',
            minimized
              ? 'h-9 w-9 justify-center font-semibold'
              : 'h-9 w-full justify-between gap-2 px-2.5',
          )}
        >
          {minimized ? (
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
          )}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            side={minimized ? 'right' : 'bottom'}
            sideOffset={6}
            className="z-50 max-h-[250px] min-w-[200px] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.RadioGroup
              value={current ? String(current.id) : ''}
              onValueChange={(value) => setBrandId(Number(value))}
            >
              {list.map((brand) => (
                <DropdownMenu.RadioItem key={brand.id} value={String(brand.id)} className={ITEM}>
                  <DropdownMenu.ItemIndicator className="absolute left-2.5 inline-flex">
                    <CheckIcon className="h-4 w-4 text-brand-600" />
                  </DropdownMenu.ItemIndicator>
                  <span className="truncate">{brand.name}</span>
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
