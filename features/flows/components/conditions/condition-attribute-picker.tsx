import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { DROPDOWN_MAX_HEIGHT_PX, DROPDOWN_MIN_WIDTH_PX } from '@/lib/constants';
import { DATA_TYPE_LABELS, type DataType } from '@/lib/conditions';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ChevronDownIcon } from '@/components/ui/icons';
import { usePopupDismiss, useListKeyboard } from './condition-list-keyboard';

/** An attribute a condition can test. */
export interface AttributePickerOption {
  value: string;
  label: string;
  dataType: DataType;
}

/** A titled group of the picker (ATTRIBUTE, METADATA); untitled for an event's attributes. */
export interface AttributePickerGroup {
  title?: string;
  options: readonly AttributePickerOption[];
}

export interface ConditionAttributePickerProps {
  /** Accessible name of the picker button, e.g. "Condition 2 attribute". */
  label: string;
  groups: readonly AttributePickerGroup[];
  /** The chosen key; shown as is when it is not among the options. */
  value: string;
  onChange: (option: AttributePickerOption) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

const matches = (o: AttributePickerOption, needle: string) =>
  !needle || o.label.toLowerCase().includes(needle) || o.value.toLowerCase().includes(needle);

/**
 * Searchable attribute picker: groups of options, each showing its data type
 * (docs/product/screens.md#243-attribute-and-metadata-dialog).
 */
export function ConditionAttributePicker({
  label,
  groups,
  value,
  onChange,
  disabled = false,
  invalid = false,
  describedBy,
}: ConditionAttributePickerProps) {
  const baseId = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const needle = search.trim().toLowerCase();
  const shown = useMemo(
    () =>
      groups
        .map((g) => ({ ...g, options: g.options.filter((o) => matches(o, needle)) }))
        .filter((g) => g.options.length > 0),
    [groups, needle],
  );
  const flat = useMemo(() => shown.flatMap((g) => g.options), [shown]);
  const selected = groups.flatMap((g) => g.options).find((o) => o.value === value);

  const close = useCallback(() => {
    setOpen(false);
    setSearch('');
  }, []);
  const pick = (option: AttributePickerOption) => {
    onChange(option);
    close();
    buttonRef.current?.focus();
  };
  const keys = useListKeyboard(flat.length, (i) => pick(flat[i]));
  usePopupDismiss(rootRef, open, close);
  const optionId = (i: number) => `${baseId}-option-${i}`;

  return (
    <div ref={rootRef} className="relative w-56">
      <button
        ref={buttonRef}
        type="button"
        role="combobox"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${baseId}-list` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => (open ? close() : setOpen(true))}
        className={cn(
          'flex h-9 w-full items-center justify-between gap-2 rounded-md border bg-white px-2.5 text-left text-sm disabled:cursor-not-allowed disabled:bg-slate-50',
          focusRing,
          'focus-visible:ring-offset-0',
          invalid ? 'border-red-500' : 'border-slate-300',
        )}
      >
        <span className={cn('truncate', value ? 'text-slate-900' : 'text-slate-400')}>
          {selected?.label ?? (value || 'Select attribute')}
        </span>
        <ChevronDownIcon className="h-4 w-4 shrink-0 text-slate-400" />
      </button>
      {open ? (
        <div
          className="absolute left-0 top-full z-30 mt-1 w-full rounded-lg border border-slate-200 bg-white shadow-lg"
          style={{ minWidth: DROPDOWN_MIN_WIDTH_PX }}
        >
          <div className="border-b border-slate-100 p-2">
            <input
              autoFocus
              type="text"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              onKeyDown={keys.onKeyDown}
              placeholder="Search..."
              aria-label={`Search ${label}`}
              aria-controls={`${baseId}-list`}
              aria-autocomplete="list"
              aria-activedescendant={keys.active >= 0 ? optionId(keys.active) : undefined}
              autoComplete="off"
              className={cn(
                'h-8 w-full rounded-md border border-slate-300 px-2.5 text-sm',
                focusRing,
                'focus-visible:ring-offset-0',
              )}
            />
          </div>
          <div
            id={`${baseId}-list`}
            role="listbox"
            aria-label={label}
            className="overflow-y-auto p-1"
            style={{ maxHeight: DROPDOWN_MAX_HEIGHT_PX }}
          >
            {shown.map((group, g) => (
              <div key={group.title ?? g} role="group" aria-label={group.title}>
                {group.title ? (
                  <div
                    role="presentation"
                    className="px-2.5 pb-1 pt-2 text-xs font-semibold text-slate-500"
                  >
                    {group.title}
                  </div>
                ) : null}
                {group.options.map((option) => {
                  const index = flat.indexOf(option);
                  const typeLabel = DATA_TYPE_LABELS[option.dataType];
                  return (
                    <div
                      key={option.value}
                      id={optionId(index)}
                      role="option"
                      aria-label={`${option.label} (${typeLabel})`}
                      aria-selected={option.value === value}
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseEnter={() => keys.setActive(index)}
                      onClick={() => pick(option)}
                      className={cn(
                        'flex cursor-pointer items-center justify-between gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700',
                        index === keys.active && 'bg-slate-100',
                        option.value === value && 'font-medium text-slate-900',
                      )}
                    >
                      <span className="truncate">{option.label}</span>
                      <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-500">
                        {typeLabel}
                      </span>
                    </div>
                  );
                })}
              </div>
            ))}
            {flat.length === 0 ? (
              <div role="presentation" className="px-2.5 py-2 text-sm text-slate-500">
                No results found.
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
