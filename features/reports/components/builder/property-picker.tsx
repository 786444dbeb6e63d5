import { useCallback, useId, useMemo } from 'react';
import { DATA_TYPE_LABELS } from '@/lib/conditions';
import { TEXT_MAX_LENGTH } from '@/lib/constants';
import type { BreakdownSource } from '@/lib/contracts/reports';
import { MESSAGES } from '@/lib/messages';
import { useListKeyboard } from '@/hooks/use-list-keyboard';
import { usePopup } from '@/hooks/use-popup';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DropdownPanel, ListStatus, optionClasses } from '@/components/ui/dropdown-parts';
import { FieldError } from '@/components/ui/field-error';
import { findProperty, type PropertyGroup, type PropertyOption } from '../../lib/property-options';

export interface PropertyPickerProps {
  label: string;
  /** The key typed or chosen ('' for none). */
  value: string;
  /** Where the key is read: an option of this source is the one shown as chosen. */
  source?: BreakdownSource;
  groups: readonly PropertyGroup[];
  /** The options are still loading: no "not seen" note yet. */
  loading?: boolean;
  /** A typed key, with the option it names (picked or typed in full) when there is one. */
  onChange: (property: string, option?: PropertyOption) => void;
  error?: string;
  hint?: string;
  placeholder?: string;
  className?: string;
}

const SOURCE_LABELS: Record<BreakdownSource, string> = {
  event: 'Event property',
  profile: 'Customer attribute',
  metadata: 'Customer metadata',
};

const matches = (o: PropertyOption, needle: string) =>
  !needle || o.key.toLowerCase().includes(needle) || o.label.toLowerCase().includes(needle);

/**
 * A report's property field (docs/reports.md, "Builder"): type a key, or pick one of the event
 * properties seen and the customer attributes, grouped, each with its type. A key that matches
 * nothing is kept as typed and said so under the field.
 */
export function PropertyPicker({
  label,
  value,
  source,
  groups,
  loading = false,
  onChange,
  error,
  hint,
  placeholder,
  className,
}: PropertyPickerProps) {
  const baseId = useId();
  const listId = `${baseId}-list`;
  const noteId = `${baseId}-note`;
  const { open, close, show, rootRef, triggerRef, onBlurWithin } = usePopup<
    HTMLDivElement,
    HTMLInputElement
  >();

  const needle = value.trim().toLowerCase();
  // The typed text narrows the list, unless it names an option exactly (then show them all).
  const exact = findProperty(groups, value, source);
  const shown = useMemo(
    () =>
      groups
        .map((g) => ({ ...g, options: g.options.filter((o) => exact || matches(o, needle)) }))
        .filter((g) => g.options.length > 0),
    [groups, needle, exact],
  );
  const flat = useMemo(() => shown.flatMap((g) => g.options), [shown]);
  const optionId = useCallback((i: number) => `${baseId}-option-${i}`, [baseId]);
  const pick = (option: PropertyOption) => {
    onChange(option.key, option);
    close({ returnFocus: true });
  };
  const keys = useListKeyboard({ count: flat.length, onPick: (i) => pick(flat[i]!), optionId });

  const unknown = value.trim() !== '' && !loading && !exact;
  const note = error
    ? null
    : unknown
      ? MESSAGES.reports.unknownProperty(value.trim())
      : exact
        ? `${SOURCE_LABELS[exact.source]} · ${DATA_TYPE_LABELS[exact.dataType]}`
        : hint;

  return (
    <div
      ref={rootRef}
      onBlur={onBlurWithin}
      className={cn('relative flex flex-col gap-1.5', className)}
    >
      <label htmlFor={baseId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          ref={triggerRef}
          id={baseId}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={
            open && keys.activeIndex >= 0 ? optionId(keys.activeIndex) : undefined
          }
          aria-invalid={error ? true : undefined}
          aria-describedby={note || error ? noteId : undefined}
          autoComplete="off"
          maxLength={TEXT_MAX_LENGTH}
          placeholder={placeholder}
          value={value}
          onFocus={() => !open && show()}
          onClick={() => !open && show()}
          onChange={(e) => {
            // A typed key that names an option is that option (its source and type).
            onChange(e.target.value, findProperty(groups, e.target.value, source));
            keys.reset();
            if (!open) show();
          }}
          onKeyDown={(e) => {
            if (!open && e.key === 'ArrowDown') show();
            if (open) keys.onKeyDown(e);
          }}
          className={cn(
            'h-10 w-full rounded-md border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400',
            focusRing,
            'focus-visible:ring-offset-0',
            error ? 'border-red-500' : 'border-slate-300',
          )}
        />
        {open ? (
          <DropdownPanel>
            <div
              id={listId}
              role="listbox"
              aria-label={label}
              // Pressing the list (its scroll bar too) keeps the focus in the field.
              onMouseDown={(e) => e.preventDefault()}
              className="max-h-64 overflow-y-auto p-1"
            >
              {shown.map((group) => (
                <div key={group.title} role="group" aria-label={group.title}>
                  <div
                    role="presentation"
                    className="px-2.5 pb-1 pt-2 text-xs font-semibold text-slate-500"
                  >
                    {group.title}
                  </div>
                  {group.options.map((option) => {
                    const index = flat.indexOf(option);
                    const type = DATA_TYPE_LABELS[option.dataType];
                    const chosen = option === exact;
                    return (
                      <div
                        key={`${option.source}:${option.key}`}
                        id={optionId(index)}
                        role="option"
                        aria-label={`${option.label} (${type})`}
                        aria-selected={chosen}
                        onMouseEnter={() => keys.setActiveIndex(index)}
                        onClick={() => pick(option)}
                        className={optionClasses({
                          active: index === keys.activeIndex,
                          selected: chosen,
                        })}
                      >
                        <span className="truncate">
                          {option.label}
                          {option.label !== option.key ? (
                            <span className="ml-1 text-xs text-slate-400">{option.key}</span>
                          ) : null}
                        </span>
                        <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-500">
                          {type}
                        </span>
                      </div>
                    );
                  })}
                </div>
              ))}
              <ListStatus
                as="div"
                loading={loading && flat.length === 0}
                empty={
                  flat.length > 0 || loading ? null : groups.length > 0 ? 'no-results' : 'no-data'
                }
              />
            </div>
          </DropdownPanel>
        ) : null}
      </div>
      {note ? (
        <p id={noteId} className={cn('text-xs', unknown ? 'text-amber-700' : 'text-slate-500')}>
          {note}
        </p>
      ) : null}
      <FieldError id={error ? noteId : undefined} message={error} />
    </div>
  );
}
