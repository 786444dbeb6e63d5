import { parseISO } from 'date-fns';

/** Empty display default (docs/product/constants.md#display-formats). */
export const NOT_AVAILABLE = 'N/A';

const pad = (n: number) => String(n).padStart(2, '0');
/** dd, MM and yyyy of a date in the viewer's time zone, joined by `sep`. */
const dayMonthYear = (d: Date, sep: string) =>
  `${pad(d.getDate())}${sep}${pad(d.getMonth() + 1)}${sep}${String(d.getFullYear()).padStart(4, '0')}`;
const isValid = (d: Date) => !Number.isNaN(d.getTime());

/**
 * Numbers of 1000 or more show as thousands followed by K
 * (docs/product/constants.md#display-formats), one decimal at most, halves rounded up: 1500 → 1.5K,
 * 1550 → 1.6K. N/A when not a finite number.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return NOT_AVAILABLE;
  if (Math.abs(n) < 1000) return String(n);
  const thousands = Math.round((n / 1000) * 10) / 10;
  return `${thousands}K`;
}

/** A Date, epoch milliseconds or ISO 8601 text (date-only text is a local date); else null. */
function toDate(value: unknown): Date | null {
  if (value instanceof Date) return isValid(value) ? value : null;
  if (typeof value === 'number') return isValid(new Date(value)) ? new Date(value) : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = parseISO(value);
  return isValid(parsed) ? parsed : null;
}

/** dd-MM-yyyy (docs/product/constants.md#display-formats), or N/A when the value is not a date. */
export function formatDate(value: unknown): string {
  const date = toDate(value);
  return date ? dayMonthYear(date, '-') : NOT_AVAILABLE;
}

/**
 * dd/MM/yyyy (the other date format of docs/product/constants.md#display-formats: billing), or N/A
 * when the value is not a date.
 */
export function formatSlashDate(value: unknown): string {
  const date = toDate(value);
  return date ? dayMonthYear(date, '/') : NOT_AVAILABLE;
}

/** An exact whole number with thousands separators ("10,250"): where every unit matters. */
export const formatInteger = (n: number) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: 0 }) : '-';

/**
 * Percentages show as an integer or with two decimals, '-' when invalid
 * (docs/product/constants.md#display-formats).
 */
export function formatPercent(percentage: number): string {
  if (!Number.isFinite(percentage) || percentage < 0) return '-';
  return Number.isInteger(percentage) ? `${percentage}%` : `${percentage.toFixed(2)}%`;
}

/**
 * A share of 0–1 (a rate) as a percentage the way formatPercent shows one, rounded to two
 * decimals first: 0.375 → 37.50%, 0.29 → 29% (not 28.999…), 1 → 100%; '-' when invalid.
 */
export function formatShare(share: number): string {
  if (!Number.isFinite(share)) return '-';
  return formatPercent(Math.round(share * 10_000) / 100);
}

/** dd-MM-yyyy HH:mm:ss in the viewer's time zone, or N/A. */
export function formatDateTime(value: unknown): string {
  const date = toDate(value);
  return date
    ? `${dayMonthYear(date, '-')} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
    : NOT_AVAILABLE;
}

const DURATION_UNITS = [
  { ms: 86_400_000, unit: 'd' },
  { ms: 3_600_000, unit: 'h' },
  { ms: 60_000, unit: 'min' },
  { ms: 1_000, unit: 's' },
] as const;

/**
 * A duration in its two largest units ("2 d 5 h", "3 h 10 min", "45 s"); under a second as
 * "< 1 s"; '-' for null or a negative or infinite number.
 */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return '-';
  if (ms < 1_000) return '< 1 s';
  const parts: string[] = [];
  let rest = Math.round(ms / 1_000) * 1_000;
  for (const { ms: size, unit } of DURATION_UNITS) {
    if (parts.length === 2) break;
    const n = Math.floor(rest / size);
    if (n > 0 || parts.length > 0) {
      if (n > 0) parts.push(`${n} ${unit}`);
      else break;
    }
    rest -= n * size;
  }
  return parts.join(' ');
}
