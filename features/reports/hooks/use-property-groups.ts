import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAttributeOptions } from '@/hooks/use-attribute-options';
import { getTail } from '@/api/events';
import { propertyGroups, seenProperties, type PropertyGroup } from '../lib/property-options';
import { reportKeys } from '../lib/query-keys';

/** Events of a code read to learn its properties: the newest ones, as the live tail shows. */
export const SAMPLED_EVENTS = 100;

/**
 * What the breakdown and filter pickers offer for the events `codes` of `brandId`: the properties
 * seen on their newest events, with their types, and the customer attributes.
 */
export function usePropertyGroups(
  brandId: number,
  codes: readonly string[],
): { groups: PropertyGroup[]; loading: boolean } {
  const unique = [...new Set(codes.filter((c) => c.trim() !== ''))];
  const tails = useQueries({
    queries: unique.map((code) => ({
      queryKey: reportKeys.seenProperties(brandId, code),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        getTail({ brand_id: brandId, event_name: code, limit: SAMPLED_EVENTS }, signal),
      staleTime: 60_000,
    })),
  });
  const attributes = useAttributeOptions(brandId);
  const events = tails.flatMap((t) => t.data ?? []);
  const key = tails.map((t) => t.dataUpdatedAt).join(',');
  const groups = useMemo(
    () => propertyGroups(seenProperties(events), attributes.data ?? []),
    // `events` is a new list each render: its queries' update times say when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, attributes.data],
  );
  return { groups, loading: tails.some((t) => t.isPending) || attributes.isPending };
}
