/**
 * The segment screens' texts that are not in lib/messages.ts yet (docs/segments.md, "Screens").
 * The validation and server messages are MESSAGES.segments; these are the screens' own.
 */
export const SEGMENT_COPY = {
  empty: 'No segments yet. Create one to group customers by what they are and what they do.',
  noMatches: 'No segments match this search.',
  failedToGetList: (m: string) => `Failed to get segments: ${m}`,
  failedToGet: (m: string) => `Failed to get the segment: ${m}`,
  failedToGetMembers: (m: string) => `Failed to get the members: ${m}`,
  deleteConfirm: (name: string) =>
    `Delete the segment "${name}"? Tours and segments that use it must not need it any more.`,
  deleted: (name: string) => `Segment "${name}" deleted.`,
  failedToDelete: (m: string) => `Failed to delete the segment: ${m}`,
  saved: (name: string) => `Segment "${name}" saved.`,
  failedToSave: (m: string) => `Failed to save the segment: ${m}`,
  failedToCount: (m: string) => `Could not count the customers: ${m}`,
  failedToExport: (m: string) => `Failed to export the members: ${m}`,
  notCounted: 'Not counted yet',
  noMembers: 'No customer is in this segment right now.',
} as const;
