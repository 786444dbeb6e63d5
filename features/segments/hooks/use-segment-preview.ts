import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SegmentDefinitionInput } from '@/lib/contracts/segments';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { ApiError } from '@/api/http';
import { previewSegment, type SegmentPreview } from '@/api/segments';
import { segmentKeys } from '../lib/query-keys';

/** The live count waits this long after the last change before asking. */
export const PREVIEW_DEBOUNCE_MS = 400;

/**
 * POST /v1/segments/preview for the definition being edited, once it has stopped changing;
 * nothing is asked while `definition` is null (it has problems). Typing never waits for it.
 * `settling` is true while a change has not been asked about yet.
 */
export function useSegmentPreview(brandId: number, definition: SegmentDefinitionInput | null) {
  const text = definition ? JSON.stringify(definition) : '';
  const debounced = useDebouncedValue(text, PREVIEW_DEBOUNCE_MS);
  const asked = useMemo(
    () => (debounced ? (JSON.parse(debounced) as SegmentDefinitionInput) : null),
    [debounced],
  );
  const query = useQuery<SegmentPreview, ApiError>({
    queryKey: segmentKeys.preview(brandId, asked ?? { operator: 'AND', conditions: [] }),
    queryFn: ({ signal }) =>
      previewSegment({ brand_id: brandId, definition: asked as SegmentDefinitionInput }, signal),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
  return { query, settling: text !== debounced, active: definition !== null };
}
