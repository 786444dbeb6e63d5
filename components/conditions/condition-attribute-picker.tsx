import { useCallback, useId, useMemo, useState } from 'react';
import { DROPDOWN_MAX_HEIGHT_PX } from '@/lib/constants';
import { DATA_TYPE_LABELS, type DataType } from '@/lib/conditions';
import { useListKeyboard } from '@/hooks/use-list-keyboard';
import { usePopup } from '@/hooks/use-popup';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DropdownPanel, ListStatus, optionClasses } from '@/components/ui/dropdown-parts';
import { ChevronDownIcon } from '@/components/ui/icons';

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
  const [search, setSearch] = useState('');
  const { open, close, show, rootRef, triggerRef, onBlurWithin } = usePopup({
    onClose: () => setSearch(''),
  });

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
  const hasOptions = groups.some((g) => g.options.length > 0);

  const optionId = useCallback((i: number) => `${baseId}-option-${i}`, [baseId]);
  const pick = (option: AttributePickerOption) => {
    onChange(option);
    close({ returnFocus: true });
  };
  const keys = useListKeyboard({ count: flat.length, onPick: (i) => pick(flat[i]), optionId });
  const { reset: resetActive } = keys;
  const toggle = () => {
    if (open) return close();
    resetActive();
    show();
  };

  return (
    <div ref={rootRef} onBlur={onBlurWithin} className="relative w-56">
      <button
        ref={triggerRef}
        type="button"
        role="combobox"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${baseId}-list` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={toggle}
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
        <DropdownPanel>
          <div className="border-b border-slate-100 p-2">
            <input
              autoFocus
              type="text"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                resetActive();
              }}
              onKeyDown={keys.onKeyDown}
              placeholder="Search..."
              aria-label={`Search ${label}`}
              aria-controls={`${baseId}-list`}
              aria-autocomplete="list"
              aria-activedescendant={keys.activeIndex >= 0 ? optionId(keys.activeIndex) : undefined}
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
            // Pressing the list (its scroll bar too) keeps the focus in the search box.
            onMouseDown={(e) => e.preventDefault()}
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
                      onMouseEnter={() => keys.setActiveIndex(index)}
                      onClick={() => pick(option)}
                      className={optionClasses({
                        active: index === keys.activeIndex,
                        selected: option.value === value,
                      })}
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
            <ListStatus
              as="div"
              empty={flat.length > 0 ? null : hasOptions ? 'no-results' : 'no-data'}
            />
          </div>
        </DropdownPanel>
      ) : null}
    </div>
  );
}
