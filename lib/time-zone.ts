/**
 * Calendar days in a time zone (docs/reports.md, "Dates and time zones"). A day is a
 * `YYYY-MM-DD` string; arithmetic on days is calendar arithmetic and needs no zone, only the
 * conversion between an instant and a day does.
 */
import type { ReportGranularity } from './contracts/flow-runtime';

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const create = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** Kept per canonical name only: spellings of one zone never fill it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  const f = create(timeZone);
  if (f.resolvedOptions().timeZone === timeZone) formatters.set(timeZone, f);
  return f;
}

/**
 * The canonical spelling of an IANA zone this runtime knows ("europe/paris" → "Europe/Paris",
 * "utc" → "UTC"); null for anything else. Engines such as ClickHouse only take this spelling.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!name || name.length > 64) return null;
  if (formatters.has(name)) return name; // already known to be canonical
  try {
    return create(name).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** An IANA zone name this runtime knows, in any case ("UTC", "Europe/Paris"). */
export function isTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(ms: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return parts as { year: number; month: number; day: number; hour: number; minute: number };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  const second = Math.floor(ms / 1000) % 60;
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The calendar day an instant falls on in a zone. */
export function zonedDay(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/**
 * The instant a day starts in a zone (its first wall-clock moment: 00:00, or later on a day
 * whose midnight a clock change skips).
 */
export function zonedDayStart(day: string, timeZone: string): number {
  const naive = Date.parse(`${day}T00:00:00Z`);
  let guess = naive - offsetAt(naive, timeZone);
  guess = naive - offsetAt(guess, timeZone);
  // A skipped midnight: the wall clock shows the day before; the day starts at the jump.
  if (zonedDay(guess, timeZone) < day)
    guess += offsetAt(guess + DAY_MS / 2, timeZone) - offsetAt(guess, timeZone);
  return guess;
}

/** A YYYY-MM-DD that exists (2026-02-31 does not). */
export function isDay(v: unknown): v is string {
  if (typeof v !== 'string' || !ISO_DAY.test(v)) return false;
  // Years every engine stores (ClickHouse's DateTime64 spans 1900–2299).
  const year = Number(v.slice(0, 4));
  if (year < 1900 || year > 2299) return false;
  const ms = Date.parse(`${v}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === v;
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  return fromMs(dayMs(day) + n * DAY_MS);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return Math.round((dayMs(b) - dayMs(a)) / DAY_MS);
}

/** The first day of the bucket holding `day`: itself, its week's Monday, or its month's 1st. */
export function bucketOf(day: string, g: ReportGranularity): string {
  if (g === 'day') return day;
  const d = new Date(dayMs(day));
  if (g === 'week') return addDays(day, -((d.getUTCDay() + 6) % 7));
  return fromMs(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
}

export function nextBucket(bucket: string, g: ReportGranularity): string {
  if (g === 'day') return addDays(bucket, 1);
  if (g === 'week') return addDays(bucket, 7);
  const d = new Date(dayMs(bucket));
  return fromMs(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

/** The buckets covering [from, to] (days, both included), oldest first; at most `max` + 1. */
export function bucketsOf(from: string, to: string, g: ReportGranularity, max: number): string[] {
  const out: string[] = [];
  for (let b = bucketOf(from, g); b <= to && out.length <= max; b = nextBucket(b, g)) out.push(b);
  return out;
}

/** How many buckets after `from` the bucket `to` starts (both bucket starts). */
export function bucketsBetween(from: string, to: string, g: ReportGranularity): number {
  if (g === 'day') return daysBetween(from, to);
  if (g === 'week') return Math.round(daysBetween(from, to) / 7);
  const a = new Date(dayMs(from));
  const b = new Date(dayMs(to));
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
}
