import type { UIEvent } from 'react';
import type { DropdownOption } from '@/hooks/use-infinite-dropdown';
import { DROPDOWN_MAX_HEIGHT_PX } from '@/lib/constants';
import { ListStatus, optionClasses, type EmptyListState } from './dropdown-parts';
import { CheckIcon } from './icons';

export interface DropdownListboxProps<T> {
  id: string;
  /** Names the list: the id of the dropdown's label, or an own name. */
  labelledBy?: string;
  label?: string;
  options: readonly DropdownOption<T>[];
  optionId: (index: number) => string;
  selectedKey: DropdownOption<T>['key'] | undefined;
  activeIndex: number;
  loading: boolean;
  empty: EmptyListState;
  onActivate: (index: number) => void;
  onChoose: (option: DropdownOption<T>) => void;
  onScroll: (event: UIEvent<HTMLElement>) => void;
}

/**
 * The options of a searchable dropdown (docs/product/screens.md#26-shared-widgets): at most
 * 250 px high, scrolling pages in, with a spinner while loading and the empty-list text.
 */
export function DropdownListbox<T>({
  id,
  labelledBy,
  label,
  options,
  optionId,
  selectedKey,
  activeIndex,
  loading,
  empty,
  onActivate,
  onChoose,
  onScroll,
}: DropdownListboxProps<T>) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-labelledby={label ? undefined : labelledBy}
      aria-label={label}
      aria-busy={loading || undefined}
      onScroll={onScroll}
      // Pressing the list (its scroll bar too) keeps the focus in the search box.
      onMouseDown={(e) => e.preventDefault()}
      className="overflow-y-auto p-1"
      style={{ maxHeight: DROPDOWN_MAX_HEIGHT_PX }}
    >
      {options.map((option, index) => {
        const selected = selectedKey === option.key;
        return (
          <li
            key={option.key}
            id={optionId(index)}
            role="option"
            aria-selected={selected}
            aria-disabled={option.disabled || undefined}
            onMouseEnter={() => !option.disabled && onActivate(index)}
            onClick={() => onChoose(option)}
            className={optionClasses({
              active: index === activeIndex,
              selected,
              disabled: option.disabled,
            })}
          >
            <span className="truncate">{option.value}</span>
            {selected ? <CheckIcon className="h-4 w-4 shrink-0 text-brand-600" /> : null}
          </li>
        );
      })}
      <ListStatus loading={loading} empty={empty} />
    </ul>
  );
}
