import type { ListSegmentsParams, SegmentDefinitionInput } from '@/lib/contracts/segments';

/** Segments per page of the /segments list, and members per page of a segment's details. */
export const SEGMENT_LIST_PAGE_SIZE = 20;
export const SEGMENT_MEMBERS_PAGE_SIZE = 20;

/** Parameters that identify one segments list (the page lives inside the infinite query). */
export type SegmentListParams = Omit<ListSegmentsParams, 'cursor' | 'limit'>;

/** Query keys of segments. */
export const segmentKeys = {
  all: ['segments'] as const,
  lists: () => [...segmentKeys.all, 'list'] as const,
  list: (params: SegmentListParams) => [...segmentKeys.lists(), params] as const,
  details: () => [...segmentKeys.all, 'detail'] as const,
  detail: (id: number) => [...segmentKeys.details(), id] as const,
  members: (id: number) => [...segmentKeys.detail(id), 'members'] as const,
  preview: (brandId: number, definition: SegmentDefinitionInput) =>
    [...segmentKeys.all, 'preview', brandId, definition] as const,
};
