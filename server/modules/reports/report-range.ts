import type { DatePreset, ReportGranularity } from '../../../lib/contracts/flow-runtime';
import { REPORT_LIMITS } from '../../../lib/contracts/reports';
import { MESSAGES } from '../../../lib/messages';
import {
  addDays,
  bucketsOf,
  daysBetween,
  isDay,
  zonedDay,
  zonedDayStart,
} from '../../../lib/time-zone';
import { AppError } from '../../errors';

/**
 * A report's days, both included, on the product's clock, and the instants they span:
 * [from, to) where `to` is the start of the day after the last (docs/reports.md, "Dates").
 */
export interface ReportRange {
  preset: DatePreset;
  fromDay: string;
  toDay: string;
  from: Date;
  to: Date;
  timeZone: string;
}

const badRange = (message: string) => new AppError(400, 'invalid_range', message);

function span(preset: DatePreset, fromDay: string, toDay: string, timeZone: string): ReportRange {
  return {
    preset,
    fromDay,
    toDay,
    from: new Date(zonedDayStart(fromDay, timeZone)),
    to: new Date(zonedDayStart(addDays(toDay, 1), timeZone)),
    timeZone,
  };
}

/**
 * The past 7 or 30 days end today; a custom range is given in days; all time starts on the day
 * the product was created.
 */
export function reportRange(
  q: { date_preset: DatePreset; from?: string; to?: string },
  now: number,
  timeZone: string,
  productCreatedAt: Date,
): ReportRange {
  const today = zonedDay(now, timeZone);
  switch (q.date_preset) {
    case 'past_7_day':
      return span(q.date_preset, addDays(today, -6), today, timeZone);
    case 'past_30_day':
      return span(q.date_preset, addDays(today, -29), today, timeZone);
    case 'custom_range': {
      if (!isDay(q.from)) throw badRange(MESSAGES.flows.reportFromDate);
      if (!isDay(q.to)) throw badRange(MESSAGES.flows.reportToDate);
      if (q.from > q.to) throw badRange(MESSAGES.flows.reportRangeOrder);
      return span(q.date_preset, q.from, q.to, timeZone);
    }
    case 'all_times': {
      const created = zonedDay(productCreatedAt.getTime(), timeZone);
      return span(q.date_preset, created < today ? created : today, today, timeZone);
    }
  }
}

/** The same number of days just before `range`. */
export function previousRange(range: ReportRange): ReportRange {
  const days = daysBetween(range.fromDay, range.toDay) + 1;
  const toDay = addDays(range.fromDay, -1);
  return span(range.preset, addDays(toDay, -(days - 1)), toDay, range.timeZone);
}

/** Every bucket of the range, oldest first; a 400 past REPORT_LIMITS.buckets. */
export function rangeBuckets(range: ReportRange, granularity: ReportGranularity): string[] {
  const buckets = bucketsOf(range.fromDay, range.toDay, granularity, REPORT_LIMITS.buckets);
  if (buckets.length > REPORT_LIMITS.buckets)
    throw badRange(MESSAGES.flows.reportTooManyBuckets(REPORT_LIMITS.buckets));
  return buckets;
}
