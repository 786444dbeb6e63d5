import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EVENT_PICKER_PAGE_SIZE } from '@/lib/constants';
import type { EventDef } from '@/lib/contracts/events';
import { MESSAGES } from '@/lib/messages';
import { SearchableDropdown } from '@/components/ui/searchable-dropdown';
import { notify } from '@/components/ui/toast';
import { eventQueryOptions, useEventDefinition } from '@/hooks/use-event-definition';
import type {
  DropdownKey,
  DropdownOption,
  DropdownPage,
  DropdownPageRequest,
} from '@/hooks/use-infinite-dropdown';
import { autocompleteEvents } from '@/api/events';
import { ApiError, errorMessage } from '@/api/http';

/**
 * The picker's first page; later cursors are the next page number as text
 * (docs/product/entities.md#event-picker-paging).
 */
const FIRST_PAGE = 1;

/** How an event reads in the list: its name, and its code when that differs. */
const eventLabel = (event: EventDef) =>
  event.name === event.code ? event.name : `${event.name} (${event.code})`;

const toOption = (event: EventDef): DropdownOption<EventDef> => ({
  key: event.id,
  value: eventLabel(event),
  data: event,
});

const isBrandId = (id: unknown): id is number =>
  typeof id === 'number' && Number.isInteger(id) && id > 0;

/** How the picker asks for pages. */
export interface EventPaging {
  /** Events per request. */
  limit: number;
  /** False: one request only, never a next page (a search capped at `limit` events). */
  paged: boolean;
}

export const PAGES_OF_TEN: EventPaging = { limit: EVENT_PICKER_PAGE_SIZE, paged: true };

/**
 * One page of the brand's events (docs/product/entities.md#event-picker-paging,
 * docs/product/api.md#events): offset = (page - 1) * limit; the cursor becomes null once a page
 * returns fewer items than the limit.
 */
export async function fetchEventPage(
  brandId: number,
  { search, cursor, signal }: DropdownPageRequest,
  { limit, paged }: EventPaging = PAGES_OF_TEN,
): Promise<DropdownPage<EventDef>> {
  const page = cursor === null ? FIRST_PAGE : Number(cursor);
  const result = await autocompleteEvents(
    { brand_id: brandId, name: search, offset: (page - 1) * limit, limit },
    signal,
  );
  return {
    items: result.data.map(toOption),
    nextCursor: !paged || result.data.length < limit ? null : String(page + 1),
  };
}

export interface EventPickerProps {
  /** The product whose events are offered; nothing is requested until it is a number. */
  brandId: number | null | undefined;
  /** The chosen event id. */
  value: number | null;
  onChange: (event: EventDef | null) => void;
  label?: string;
  required?: boolean;
  error?: string;
  clearable?: boolean;
  disabled?: boolean;
  placeholder?: string;
  searchPlaceholder?: string;
  className?: string;
  /** `input`: the field itself is the search box and shows the chosen event's name. */
  variant?: 'button' | 'input';
  /** Pages of 10 unless told otherwise. */
  paging?: EventPaging;
  /** Shown while the chosen event cannot be read (e.g. deleted since): its code. */
  fallbackText?: string;
}

/**
 * Event picker scoped to a brand (docs/product/screens.md#26-shared-widgets): searches the brand's
 * events page by page. The chosen event is read through the shared event query, so an edit made
 * on the events pages shows here at once.
 */
export function EventPicker({
  brandId,
  value,
  onChange,
  label = 'Event',
  variant = 'button',
  paging = PAGES_OF_TEN,
  fallbackText,
  ...rest
}: EventPickerProps) {
  const queryClient = useQueryClient();
  const enabled = isBrandId(brandId);
  const { limit, paged } = paging;
  const fetchPage = useCallback(
    (request: DropdownPageRequest) => fetchEventPage(brandId as number, request, { limit, paged }),
    [brandId, limit, paged],
  );
  // The chosen event comes from the shared event query: one request, and edits show at once.
  const fetchDefaultOption = useCallback(
    async (key: DropdownKey) => {
      try {
        return toOption(await queryClient.fetchQuery(eventQueryOptions(Number(key))));
      } catch (error) {
        // A deleted event is not a failed search: the field shows `fallbackText` instead.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    [queryClient],
  );
  const chosen = useEventDefinition(value);
  const format = variant === 'input' ? (e: EventDef) => e.name : eventLabel;
  const valueText = chosen.data
    ? format(chosen.data)
    : chosen.isError && value !== null
      ? fallbackText
      : undefined;
  return (
    <SearchableDropdown<EventDef>
      label={label}
      value={value}
      onChange={(option) => onChange(option?.data ?? null)}
      fetchPage={fetchPage}
      fetchDefaultOption={fetchDefaultOption}
      onError={(error) => notify.error(MESSAGES.events.failedAutocomplete(errorMessage(error)))}
      enabled={enabled}
      resetKey={brandId}
      variant={variant}
      listLabel="Events"
      formatSelected={(option) => (option.data ? format(option.data) : option.value)}
      valueText={valueText}
      {...rest}
    />
  );
}
