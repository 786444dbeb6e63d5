import { differenceInCalendarDays, formatDistanceStrict } from 'date-fns';
import { formatDate, NOT_AVAILABLE } from '@/lib/format';

/**
 * Within a week: "5 minutes ago"; older: dd-MM-yyyy (docs/product/constants.md#display-formats);
 * never: N/A.
 */
export function formatLastSeen(iso: string | null, now: Date = new Date()): string {
  if (!iso) return NOT_AVAILABLE;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return NOT_AVAILABLE;
  if (Math.abs(differenceInCalendarDays(now, date)) <= 7)
    return formatDistanceStrict(date, now, { addSuffix: true });
  return formatDate(date);
}
