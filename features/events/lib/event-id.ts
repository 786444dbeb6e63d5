/**
 * The event id of a route or form as a number, or null when it is empty or not a positive
 * whole number (docs/product/validation.md#59-other-rules: such an update is skipped).
 */
export function parseEventId(id: string | number | string[] | null | undefined): number | null {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id > 0 ? id : null;
  if (typeof id !== 'string' || !/^\d{1,10}$/.test(id.trim())) return null;
  const n = Number(id.trim());
  return n > 0 && n <= 2147483647 ? n : null;
}
