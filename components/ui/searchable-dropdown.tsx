import { useCallback, useEffect, useId, useRef, type KeyboardEvent, type RefObject } from 'react';
import {
  useInfiniteDropdown,
  type DropdownOption,
  type UseInfiniteDropdownOptions,
} from '@/hooks/use-infinite-dropdown';
import { focusRing } from './button';
import { cn } from './cn';
import { DropdownListbox } from './dropdown-listbox';
import { DropdownPanel } from './dropdown-parts';
import { FieldError } from './field-error';
import { ChevronDownIcon, CloseIcon } from './icons';

/** The longest search text the API takes (docs/product/api.md#events). */
const SEARCH_MAX_LENGTH = 255;

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
  /**
   * `button`: a button opens a panel with a search box. `input`: the combobox is itself the search
   * box (placeholder `placeholder`), showing the chosen value's text while closed.
   */
  variant?: 'button' | 'input';
  /** The list's accessible name; the label's when omitted. */
  listLabel?: string;
  /** How the chosen option reads in the closed field; its text when omitted. */
  formatSelected?: (option: DropdownOption<T>) => string;
  /** Shown for the chosen value before its option (the caller knows fresher or fallback text). */
  valueText?: string;
}

const control = cn(
  'h-10 w-full rounded-md border bg-white text-left text-sm disabled:cursor-not-allowed disabled:bg-slate-50',
  focusRing,
  'focus-visible:ring-offset-0',
);

/**
 * Searchable dropdown with lazy loading (docs/product/screens.md#26-shared-widgets,
 * docs/product/entities.md#searchable-dropdown): a combobox opens a listbox that loads the next
 * page near its bottom; arrows, Home, End, Enter and Escape.
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
  variant = 'button',
  listLabel,
  formatSelected,
  valueText,
  ...options
}: SearchableDropdownProps<T>) {
  const generated = useId();
  const baseId = id ?? generated;
  const labelId = `${baseId}-label`;
  const listId = `${baseId}-listbox`;
  const errorId = `${baseId}-error`;
  const optionId = useCallback((index: number) => `${baseId}-option-${index}`, [baseId]);
  const {
    open,
    openList,
    close,
    search,
    setSearch,
    options: items,
    loading,
    empty,
    selected,
    select,
    clear,
    activeIndex,
    setActiveIndex,
    onListScroll,
    onKeyDown,
    rootRef,
    triggerRef,
    onBlurWithin,
  } = useInfiniteDropdown(options, { optionId });
  const searchRef = useRef<HTMLInputElement>(null);
  const shown =
    valueText ?? (selected ? (formatSelected?.(selected) ?? selected.value) : undefined);
  const activeId = open && activeIndex >= 0 ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (open && variant === 'button') searchRef.current?.focus();
  }, [open, variant]);

  // Focus goes back to the combobox when the list closes from inside it.
  const choose = (option: DropdownOption<T>) => {
    select(option);
    triggerRef.current?.focus();
  };
  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const picking = event.key === 'Enter' && activeIndex >= 0;
    onKeyDown(event);
    if (picking) triggerRef.current?.focus();
  };
  const ariaField = {
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;

  return (
    <div
      ref={rootRef}
      onBlur={onBlurWithin}
      className={cn('relative flex flex-col gap-1.5', className)}
    >
      <span id={labelId} className="text-sm font-medium text-slate-700">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        ) : null}
      </span>
      <div className="relative">
        {variant === 'input' ? (
          <input
            ref={triggerRef as RefObject<HTMLInputElement | null>}
            id={baseId}
            type="text"
            role="combobox"
            aria-labelledby={labelId}
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            {...ariaField}
            autoComplete="off"
            placeholder={placeholder}
            maxLength={SEARCH_MAX_LENGTH}
            disabled={disabled}
            value={open ? search : (shown ?? '')}
            onFocus={() => !open && openList()}
            onClick={() => !open && openList()}
            onChange={(e) => {
              setSearch(e.target.value);
              if (!open) openList();
            }}
            onKeyDown={onSearchKeyDown}
            className={cn(control, 'px-3', error ? 'border-red-500' : 'border-slate-300')}
          />
        ) : (
          <button
            ref={triggerRef as RefObject<HTMLButtonElement | null>}
            id={baseId}
            type="button"
            role="combobox"
            aria-labelledby={labelId}
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            {...ariaField}
            disabled={disabled}
            onClick={() => (open ? close() : openList())}
            onKeyDown={onKeyDown}
            className={cn(
              control,
              'flex items-center justify-between gap-2 pl-3',
              clearable && selected ? 'pr-16' : 'pr-3',
              error ? 'border-red-500' : 'border-slate-300',
            )}
          >
            <span className={cn('truncate', shown ? 'text-slate-900' : 'text-slate-400')}>
              {shown ?? placeholder}
            </span>
            <ChevronDownIcon className="h-4 w-4 shrink-0 text-slate-400" />
          </button>
        )}
        {variant === 'button' && clearable && selected && !disabled ? (
          <button
            type="button"
            aria-label={`Clear ${label}`}
            onClick={clear}
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
        <DropdownPanel>
          {variant === 'button' ? (
            <div className="border-b border-slate-100 p-2">
              <input
                ref={searchRef}
                type="text"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                onKeyDown={onSearchKeyDown}
                placeholder={searchPlaceholder}
                maxLength={SEARCH_MAX_LENGTH}
                aria-label={`Search ${label}`}
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={activeId}
                autoComplete="off"
                className={cn(
                  'h-8 w-full rounded-md border border-slate-300 px-2.5 text-sm placeholder:text-slate-400',
                  focusRing,
                  'focus-visible:ring-offset-0',
                )}
              />
            </div>
          ) : null}
          <DropdownListbox
            id={listId}
            labelledBy={labelId}
            label={listLabel}
            options={items}
            optionId={optionId}
            selectedKey={selected?.key}
            activeIndex={activeIndex}
            loading={loading}
            empty={empty}
            onActivate={setActiveIndex}
            onChoose={choose}
            onScroll={onListScroll}
          />
        </DropdownPanel>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
