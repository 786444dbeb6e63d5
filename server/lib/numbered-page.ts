/**
 * A numbered page of a list: `cursor` is the page number as text, '1' first (`pageCursor` in
 * lib/contracts/common.ts), and the answer names the next page while rows remain
 * (docs/api.md, on lists).
 */
export function numberedPage(q: { cursor: string; limit: number }) {
  const page = Number(q.cursor);
  return {
    /** Rows to skip and rows to read, for the repository. */
    offset: (page - 1) * q.limit,
    limit: q.limit,
    /** The list's answer: this page's rows, the total, and the next page's cursor or null. */
    answer<T>(data: T[], total: number) {
      return { data, total, nextCursor: page * q.limit < total ? String(page + 1) : null };
    },
  };
}
