/**
 * The segment screens' own labels (docs/segments.md, "Screens"). Their messages (errors, empty
 * states, notices) are MESSAGES.segments in lib/messages.ts, with the server's.
 */
export const SEGMENT_COPY = {
  deleteConfirm: (name: string) =>
    `Delete the segment "${name}"? Tours and segments that use it must not need it any more.`,
  notCounted: 'Not counted yet',
} as const;
