import { useCallback } from 'react';
import type { EventDef } from '@/lib/contracts/events';
import { MESSAGES } from '@/lib/messages';
import { SearchableDropdown } from '@/components/ui/searchable-dropdown';
import { notify } from '@/components/ui/toast';
import type { DropdownKey, DropdownPageRequest } from '@/hooks/use-infinite-dropdown';
import { errorMessage } from '@/api/http';
import { PAGES_OF_TEN, fetchEventPage } from './event-picker';

export interface EventCodePickerProps {
  /** The product whose events are offered; nothing is requested until it is a number. */
  brandId: number | null | undefined;
  /** The chosen event's code ('' for none). */
  value: string;
  onChange: (event: EventDef | null) => void;
  label: string;
  error?: string;
  required?: boolean;
  className?: string;
}

/**
 * The event picker of a brand where the choice is kept as an event code (reports store codes, so
 * a report still reads after an event definition is renamed or deleted): the same paged search as
 * `EventPicker`, keyed by code.
 */
export function EventCodePicker({ brandId, value, onChange, ...rest }: EventCodePickerProps) {
  const fetchPage = useCallback(
    async (request: DropdownPageRequest) => {
      const page = await fetchEventPage(brandId as number, request, PAGES_OF_TEN);
      return {
        nextCursor: page.nextCursor,
        items: page.items.map((o) => ({ ...o, key: (o.data as EventDef).code })),
      };
    },
    [brandId],
  );
  // A saved code needs no request: the field shows the code itself.
  const fetchDefaultOption = useCallback(
    async (key: DropdownKey) => ({ key, value: String(key) }),
    [],
  );
  return (
    <SearchableDropdown<EventDef>
      value={value}
      onChange={(option) => onChange(option?.data ?? null)}
      fetchPage={fetchPage}
      fetchDefaultOption={fetchDefaultOption}
      onError={(error) => notify.error(MESSAGES.events.failedAutocomplete(errorMessage(error)))}
      enabled={typeof brandId === 'number'}
      resetKey={brandId}
      listLabel="Events"
      formatSelected={(option) => (option.data ? option.data.name : option.value)}
      {...rest}
    />
  );
}
