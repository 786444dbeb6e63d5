import { useCallback, useId, useRef, useState } from 'react';
import { DROPDOWN_MAX_HEIGHT_PX } from '@/lib/constants';
import type { EventDef } from '@/lib/contracts/events';
import { MESSAGES } from '@/lib/messages';
import { Spinner } from '@/components/layout/spinner';
import { cn } from '@/components/ui/cn';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/services/http';
import { useEventSearch } from '../../hooks/use-event-search';
import { usePopupDismiss, useListKeyboard } from './condition-list-keyboard';
import { conditionControl } from './condition-value-input';

export interface EventSearchBoxProps {
  brandId: number;
  /** What the box shows while not searching: the chosen event's name (or code). */
  selectedLabel: string;
  selectedId: number | null;
  onChange: (event: EventDef) => void;
  disabled?: boolean;
}

const eventLabel = (e: EventDef) => (e.name === e.code ? e.name : `${e.name} (${e.code})`);

/**
 * The event dialog's search (docs/product/screens.md#244-event-dialog, docs/product/api.md#events):
 * "Find an event" over at most 99 of the brand's events.
 */
export function EventSearchBox({
  brandId,
  selectedLabel,
  selectedId,
  onChange,
  disabled = false,
}: EventSearchBoxProps) {
  const baseId = useId();
  const listId = `${baseId}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const name = useDebouncedValue(query.trim());
  const search = useEventSearch(brandId, name, open);
  const events = search.data?.data ?? [];

  const close = useCallback(() => {
    setOpen(false);
    setQuery('');
  }, []);
  const pick = (event: EventDef) => {
    onChange(event);
    close();
  };
  const keys = useListKeyboard(events.length, (i) => pick(events[i]));
  usePopupDismiss(rootRef, open, close);
  const optionId = (i: number) => `${baseId}-option-${i}`;

  return (
    <div ref={rootRef} className="relative flex flex-col gap-1.5">
      <label htmlFor={`${baseId}-input`} className="text-sm font-medium text-slate-700">
        Event
      </label>
      <input
        id={`${baseId}-input`}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={keys.active >= 0 ? optionId(keys.active) : undefined}
        autoComplete="off"
        placeholder="Find an event"
        maxLength={255}
        disabled={disabled}
        value={open ? query : selectedLabel}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onClick={() => setOpen(true)}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onKeyDown={keys.onKeyDown}
        className={cn(conditionControl, 'w-full')}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Events"
          aria-busy={search.isFetching || undefined}
          className="absolute left-0 top-full z-30 mt-1 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          style={{ maxHeight: DROPDOWN_MAX_HEIGHT_PX }}
        >
          {events.map((event, index) => (
            <li
              key={event.id}
              id={optionId(index)}
              role="option"
              aria-selected={event.id === selectedId}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => keys.setActive(index)}
              onClick={() => pick(event)}
              className={cn(
                'cursor-pointer truncate rounded-md px-2.5 py-2 text-sm text-slate-700',
                index === keys.active && 'bg-slate-100',
                event.id === selectedId && 'font-medium text-slate-900',
              )}
            >
              {eventLabel(event)}
            </li>
          ))}
          {search.isFetching ? (
            <li role="presentation" className="flex justify-center py-2 text-brand-600">
              <Spinner size="sm" />
            </li>
          ) : null}
          {search.isError ? (
            <li role="presentation" className="px-2.5 py-2 text-sm text-red-600">
              {MESSAGES.events.failedAutocomplete(errorMessage(search.error))}
            </li>
          ) : null}
          {search.isSuccess && !search.isFetching && events.length === 0 ? (
            <li role="presentation" className="px-2.5 py-2 text-sm text-slate-500">
              No results found.
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
