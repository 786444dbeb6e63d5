import { differenceInCalendarDays, format, formatDistanceStrict } from 'date-fns';

/** Empty display default (spec 9). */
export const EMPTY_DISPLAY = 'N/A';

/** Numbers of 1000 or more as thousands followed by K, one decimal at most (spec 9). */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return EMPTY_DISPLAY;
  if (Math.abs(n) < 1000) return String(n);
  return `${Number((n / 1000).toFixed(1))}K`;
}

/** Within a week: "5 minutes ago"; older: dd-MM-yyyy (spec 9); never: N/A. */
export function formatLastSeen(iso: string | null, now: Date = new Date()): string {
  if (!iso) return EMPTY_DISPLAY;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return EMPTY_DISPLAY;
  if (Math.abs(differenceInCalendarDays(now, date)) <= 7)
    return formatDistanceStrict(date, now, { addSuffix: true });
  return format(date, 'dd-MM-yyyy');
}

/** Time of a tracked event in the tail: dd-MM-yyyy HH:mm:ss. */
export function formatEventTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? EMPTY_DISPLAY : format(date, 'dd-MM-yyyy HH:mm:ss');
}
