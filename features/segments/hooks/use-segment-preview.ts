import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SegmentDefinitionInput } from '@/lib/contracts/segments';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { ApiError } from '@/api/http';
import { previewSegment, type SegmentPreview } from '@/api/segments';
import { segmentKeys } from '../lib/query-keys';

/** The live count waits this long after the last change before asking. */
export const PREVIEW_DEBOUNCE_MS = 400;

const NOTHING: SegmentDefinitionInput = { operator: 'AND', conditions: [] };

/**
 * POST /v1/segments/preview for the definition being edited, once it has stopped changing;
 * nothing is asked while `definition` is null (it has problems). Typing never waits for it: the
 * request of a definition edited since is aborted (the query's signal). `settling` is true while
 * a change has not been asked about yet.
 *
 * Over the server's time budget the answer is an estimate (docs/segments.md, "Preview"):
 * `exact.ask()` asks the same definition again with `exact: true` ("Count exactly"); the next
 * edit drops that request and aborts it if it is still running.
 */
export function useSegmentPreview(brandId: number, definition: SegmentDefinitionInput | null) {
  const queryClient = useQueryClient();
  const text = definition ? JSON.stringify(definition) : '';
  const debounced = useDebouncedValue(text, PREVIEW_DEBOUNCE_MS);
  const asked = useMemo(
    () => (debounced ? (JSON.parse(debounced) as SegmentDefinitionInput) : null),
    [debounced],
  );
  const query = useQuery<SegmentPreview, ApiError>({
    queryKey: segmentKeys.preview(brandId, asked ?? NOTHING),
    queryFn: ({ signal }) =>
      previewSegment({ brand_id: brandId, definition: asked as SegmentDefinitionInput }, signal),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });

  // The definition "Count exactly" was asked for (its text), forgotten at the next edit.
  const [exactFor, setExactFor] = useState<string | null>(null);
  if (exactFor !== null && exactFor !== text) setExactFor(null);
  const exactKey = useMemo(
    () => [...segmentKeys.preview(brandId, asked ?? NOTHING), 'exact'] as const,
    [brandId, asked],
  );
  const exactAsked = exactFor !== null && exactFor === text && exactFor === debounced;
  const exactQuery = useQuery<SegmentPreview, ApiError>({
    queryKey: exactKey,
    queryFn: ({ signal }) =>
      previewSegment(
        { brand_id: brandId, definition: asked as SegmentDefinitionInput, exact: true },
        signal,
      ),
    enabled: exactAsked && asked !== null,
    staleTime: 0,
    retry: false,
  });
  useEffect(() => {
    // Not (or no longer) wanted: a running exact count of this definition is aborted.
    if (!exactAsked) void queryClient.cancelQueries({ queryKey: exactKey, exact: true });
  }, [exactAsked, exactKey, queryClient]);
  const ask = useCallback(() => {
    if (exactAsked) void exactQuery.refetch();
    else if (text === debounced) setExactFor(text);
  }, [exactAsked, exactQuery, text, debounced]);

  return {
    query,
    settling: text !== debounced,
    active: definition !== null,
    exact: { asked: exactAsked, query: exactQuery, ask },
  };
}
