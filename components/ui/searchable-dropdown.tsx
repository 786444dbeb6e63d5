import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { DROPDOWN_MAX_HEIGHT_PX, DROPDOWN_MIN_WIDTH_PX } from '@/lib/constants';
import { Spinner } from '@/components/layout/spinner';
import {
  useInfiniteDropdown,
  type DropdownOption,
  type UseInfiniteDropdownOptions,
} from '@/hooks/use-infinite-dropdown';
import { focusRing } from './button';
import { cn } from './cn';
import { FieldError } from './field-error';
import { CheckIcon, ChevronDownIcon, CloseIcon } from './icons';

export interface SearchableDropdownProps<T> extends UseInfiniteDropdownOptions<T> {
  label: string;
  /** Shows the required marker (*) after the label. */
  required?: boolean;
  /** The first validation message, shown in red below. */
  error?: string;
  placeholder?: string;
  searchPlaceholder?: string;
  /** Offers a button that clears the value. */
  clearable?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
}

/**
 * Searchable dropdown with lazy loading (docs/product/screens.md#26-shared-widgets,
 * docs/product/entities.md#searchable-dropdown): a combobox button opens a popup with a search box
 * and a listbox that loads the next page near its bottom; arrows, Enter and Escape.
 */
export function SearchableDropdown<T>({
  label,
  required = false,
  error,
  placeholder = 'Select...',
  searchPlaceholder = 'Search...',
  clearable = false,
  disabled = false,
  id,
  className,
  ...options
}: SearchableDropdownProps<T>) {
  const generated = useId();
  const baseId = id ?? generated;
  const labelId = `${baseId}-label`;
  const listId = `${baseId}-listbox`;
  const errorId = `${baseId}-error`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const dropdown = useInfiniteDropdown(options);
  const { open, close, selected, activeIndex } = dropdown;
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  // A click outside closes the list.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, close]);

  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  // Keeps the active option in view while moving with the arrow keys.
  useEffect(() => {
    if (activeIndex < 0) return;
    document
      .getElementById(`${baseId}-option-${activeIndex}`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, baseId]);

  // Focus goes back to the button when the list closes from inside it.
  const choose = (option: DropdownOption<T>) => {
    dropdown.select(option);
    triggerRef.current?.focus();
  };
  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const closing = event.key === 'Escape' || (event.key === 'Enter' && activeIndex >= 0);
    dropdown.onKeyDown(event);
    if (closing) triggerRef.current?.focus();
  };
  const showEmpty =
    !dropdown.loading &&
    dropdown.options.length === 0 &&
    (!dropdown.hasMore || options.enabled === false);

  return (
    <div ref={rootRef} className={cn('relative flex flex-col gap-1.5', className)}>
      <span id={labelId} className="text-sm font-medium text-slate-700">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        ) : null}
      </span>
      <div className="relative">
        <button
          ref={triggerRef}
          id={baseId}
          type="button"
          role="combobox"
          aria-labelledby={labelId}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
          onClick={() => (open ? close() : dropdown.openList())}
          onKeyDown={dropdown.onKeyDown}
          className={cn(
            'flex h-10 w-full items-center justify-between gap-2 rounded-md border bg-white pl-3 text-left text-sm disabled:cursor-not-allowed disabled:bg-slate-50',
            clearable && selected ? 'pr-16' : 'pr-3',
            focusRing,
            'focus-visible:ring-offset-0',
            error ? 'border-red-500' : 'border-slate-300',
          )}
        >
          <span className={cn('truncate', selected ? 'text-slate-900' : 'text-slate-400')}>
            {selected ? selected.value : placeholder}
          </span>
          <ChevronDownIcon className="h-4 w-4 shrink-0 text-slate-400" />
        </button>
        {clearable && selected && !disabled ? (
          <button
            type="button"
            aria-label={`Clear ${label}`}
            onClick={dropdown.clear}
            className={cn(
              'absolute right-8 top-1/2 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-700',
              focusRing,
            )}
          >
            <CloseIcon className="h-3.5 w-3.5" />
          </button>
        ) : null}
      </div>

      {open ? (
        <div
          className="absolute left-0 top-full z-30 mt-1 w-full rounded-lg border border-slate-200 bg-white shadow-lg"
          style={{ minWidth: DROPDOWN_MIN_WIDTH_PX }}
        >
          <div className="border-b border-slate-100 p-2">
            <input
              ref={searchRef}
              type="text"
              value={dropdown.search}
              onChange={(e) => dropdown.setSearch(e.target.value)}
              onKeyDown={onSearchKeyDown}
              placeholder={searchPlaceholder}
              aria-label={`Search ${label}`}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
              autoComplete="off"
              className={cn(
                'h-8 w-full rounded-md border border-slate-300 px-2.5 text-sm placeholder:text-slate-400',
                focusRing,
                'focus-visible:ring-offset-0',
              )}
            />
          </div>
          <ul
            id={listId}
            role="listbox"
            aria-labelledby={labelId}
            aria-busy={dropdown.loading || undefined}
            onScroll={dropdown.onListScroll}
            className="overflow-y-auto p-1"
            style={{ maxHeight: DROPDOWN_MAX_HEIGHT_PX }}
          >
            {dropdown.options.map((option, index) => {
              const isSelected = selected?.key === option.key;
              return (
                <li
                  key={option.key}
                  id={optionId(index)}
                  role="option"
                  aria-selected={isSelected}
                  aria-disabled={option.disabled || undefined}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => !option.disabled && dropdown.setActiveIndex(index)}
                  onClick={() => choose(option)}
                  className={cn(
                    'flex cursor-pointer items-center justify-between gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700',
                    index === activeIndex && 'bg-slate-100',
                    isSelected && 'font-medium text-slate-900',
                    option.disabled && 'cursor-not-allowed text-slate-400',
                  )}
                >
                  <span className="truncate">{option.value}</span>
                  {isSelected ? <CheckIcon className="h-4 w-4 shrink-0 text-brand-600" /> : null}
                </li>
              );
            })}
            {dropdown.loading ? (
              <li role="presentation" className="flex justify-center py-2 text-brand-600">
                <Spinner size="sm" />
              </li>
            ) : null}
            {showEmpty ? (
              <li role="presentation" className="px-2.5 py-2 text-sm text-slate-500">
                No results found.
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
