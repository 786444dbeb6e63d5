import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SegmentListItem } from '@/lib/contracts/segments';
import { SearchableDropdown } from '@/components/ui/searchable-dropdown';
import { notify } from '@/components/ui/toast';
import type {
  DropdownKey,
  DropdownOption,
  DropdownPage,
  DropdownPageRequest,
} from '@/hooks/use-infinite-dropdown';
import { ApiError, errorMessage } from '@/api/http';
import { listSegments } from '@/api/segments';
import { segmentQueryOptions } from './segment-queries';

/** Segments per page of the picker (GET /v1/segments takes up to 100). */
const PAGE_SIZE = 20;

type SegmentChoice = Pick<SegmentListItem, 'id' | 'name'>;
const toOption = (s: SegmentChoice): DropdownOption<SegmentChoice> => ({
  key: s.id,
  value: s.name,
  data: s,
});

/** One page of the product's segments by name, searched on the server (docs/segments.md, "API"). */
export async function fetchSegmentPage(
  brandId: number,
  { search, cursor, signal }: DropdownPageRequest,
): Promise<DropdownPage<SegmentChoice>> {
  const page = await listSegments(
    {
      brand_id: brandId,
      search: search || undefined,
      cursor: cursor ?? undefined,
      limit: PAGE_SIZE,
    },
    signal,
  );
  return { items: page.data.map(toOption), nextCursor: page.nextCursor };
}

export interface SegmentPickerProps {
  brandId: number;
  /** The chosen segment's id. */
  value: number | null;
  onChange: (segment: SegmentChoice | null) => void;
  label: string;
  disabled?: boolean;
  className?: string;
  /** The chosen segment's name when the caller knows it (or what to show for a deleted one). */
  valueText?: string;
}

/**
 * A product's segments in the shared searchable dropdown, paged by the list's cursor. The chosen
 * one is read through the shared segment query, so a rename shows at once.
 */
export function SegmentPicker({ brandId, value, onChange, label, ...rest }: SegmentPickerProps) {
  const queryClient = useQueryClient();
  const fetchPage = useCallback(
    (request: DropdownPageRequest) => fetchSegmentPage(brandId, request),
    [brandId],
  );
  const fetchDefaultOption = useCallback(
    async (key: DropdownKey) => {
      try {
        return toOption(await queryClient.fetchQuery(segmentQueryOptions(Number(key))));
      } catch (error) {
        // A deleted segment is not a failed search: the field shows the caller's text instead.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    [queryClient],
  );
  return (
    <SearchableDropdown<SegmentChoice>
      label={label}
      value={value}
      onChange={(option) => onChange(option?.data ?? null)}
      fetchPage={fetchPage}
      fetchDefaultOption={fetchDefaultOption}
      onError={(error) => notify.error(errorMessage(error))}
      resetKey={brandId}
      listLabel="Segments"
      placeholder="Choose a segment"
      searchPlaceholder="Search segments"
      {...rest}
    />
  );
}
