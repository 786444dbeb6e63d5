import { z } from 'zod';

/**
 * The time units of the whole API, one list (docs/reports.md, "Funnels"): the flow contract's
 * words. The funnel window took singular words first (`day`); each stays accepted and is read
 * as its plural.
 */
export const TIME_UNITS = [
  'seconds',
  'minutes',
  'hours',
  'days',
  'weeks',
  'months',
  'years',
] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/** The singular words first taken by the funnel window, each standing for its plural. */
export const SINGULAR_TIME_UNITS = {
  second: 'seconds',
  minute: 'minutes',
  hour: 'hours',
  day: 'days',
  week: 'weeks',
  month: 'months',
  year: 'years',
} as const satisfies Record<string, TimeUnit>;
export type SingularTimeUnit = keyof typeof SINGULAR_TIME_UNITS;

/** The unit a word names (plural or singular); null for any other word. */
export function timeUnitOf(word: string): TimeUnit | null {
  if ((TIME_UNITS as readonly string[]).includes(word)) return word as TimeUnit;
  return Object.hasOwn(SINGULAR_TIME_UNITS, word)
    ? SINGULAR_TIME_UNITS[word as SingularTimeUnit]
    : null;
}

/**
 * A unit's length in milliseconds, where one fixed length is needed (a conversion window): a
 * month counts 30 days and a year 365. Calendar arithmetic (tour timeframes) uses real months.
 */
export const TIME_UNIT_MS: Record<TimeUnit, number> = {
  seconds: 1_000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 604_800_000,
  months: 30 * 86_400_000,
  years: 365 * 86_400_000,
};

/**
 * A unit field: a word of `units` (the whole list by default) or its singular, read as the list's
 * word; any other word is refused with `message`.
 */
export function timeUnitField<U extends TimeUnit>(
  message: string,
  units: readonly U[] = TIME_UNITS as readonly TimeUnit[] as readonly U[],
) {
  return z.string({ error: message }).transform((word, ctx) => {
    const unit = timeUnitOf(word);
    if (unit && (units as readonly TimeUnit[]).includes(unit)) return unit as U;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}
