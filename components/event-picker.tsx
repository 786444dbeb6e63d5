import { useCallback } from 'react';
import { EVENT_PICKER_PAGE_SIZE } from '@/lib/constants';
import type { EventDef } from '@/lib/contracts/events';
import { MESSAGES } from '@/lib/messages';
import { SearchableDropdown } from '@/components/ui/searchable-dropdown';
import { notify } from '@/components/ui/toast';
import type {
  DropdownKey,
  DropdownOption,
  DropdownPage,
  DropdownPageRequest,
} from '@/hooks/use-infinite-dropdown';
import { autocompleteEvents, getEvent } from '@/services/events';
import { errorMessage } from '@/services/http';

/**
 * The picker's first page; later cursors are the next page number as text
 * (docs/product/entities.md#event-picker-paging).
 */
const FIRST_PAGE = 1;

const toOption = (event: EventDef): DropdownOption<EventDef> => ({
  key: event.id,
  value: event.name === event.code ? event.name : `${event.name} (${event.code})`,
  data: event,
});

const isBrandId = (id: unknown): id is number =>
  typeof id === 'number' && Number.isInteger(id) && id > 0;

/**
 * One page of the brand's events (docs/product/entities.md#event-picker-paging,
 * docs/product/api.md#events): offset = (page - 1) * limit; the cursor becomes null once a page
 * returns fewer items than the limit.
 */
export async function fetchEventPage(
  brandId: number,
  { search, cursor, signal }: DropdownPageRequest,
  limit = EVENT_PICKER_PAGE_SIZE,
): Promise<DropdownPage<EventDef>> {
  const page = cursor === null ? FIRST_PAGE : Number(cursor);
  const result = await autocompleteEvents(
    { brand_id: brandId, name: search, offset: (page - 1) * limit, limit },
    signal,
  );
  return {
    items: result.data.map(toOption),
    nextCursor: result.data.length < limit ? null : String(page + 1),
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
}

/**
 * Event picker scoped to a brand (docs/product/screens.md#26-shared-widgets): searches the brand's
 * events page by page.
 */
export function EventPicker({
  brandId,
  value,
  onChange,
  label = 'Event',
  ...rest
}: EventPickerProps) {
  const enabled = isBrandId(brandId);
  const fetchPage = useCallback(
    (request: DropdownPageRequest) => fetchEventPage(brandId as number, request),
    [brandId],
  );
  const fetchDefaultOption = useCallback(
    async (key: DropdownKey) => toOption(await getEvent(Number(key))),
    [],
  );
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
      {...rest}
    />
  );
}
