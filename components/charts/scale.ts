/**
 * The arithmetic of the small SVG charts: a linear scale, "nice" value ticks (1, 2 or 5 times a
 * power of ten, from 0) and which category labels to print when there are too many to fit.
 */

/** Maps `domain` linearly onto `range`; a domain of zero width maps to the middle of the range. */
export function linearScale(
  domain: readonly [number, number],
  range: readonly [number, number],
): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (value) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}

/** The smallest 1, 2 or 5 × 10^k that is at least `rough` (rough > 0). */
export function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  // Rounding guards against 10 ** k landing a hair under the exact value.
  const step = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return Number((step * power).toPrecision(12));
}

/**
 * Ticks of a value axis that starts at 0: about `count` equal steps of a nice size, the last tick
 * at or above `max`. With `integer` (counts) a step is never below 1. A max of 0 or less, or not
 * a number, gives the ticks of an empty chart: [0, 1].
 */
export function niceTicks(max: number, count = 4, integer = true): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  let step = niceStep(max / Math.max(1, count));
  if (integer) step = Math.max(1, Math.ceil(step));
  const last = Math.ceil(max / step - 1e-9);
  return Array.from({ length: last + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

/**
 * Which of `n` category labels to print, at most `max` of them: evenly spaced, always the first
 * and the last; a label that would crowd the last one (less than half a step before it) is
 * left out.
 */
export function tickIndices(n: number, max = 6): number[] {
  if (n <= 0) return [];
  if (n <= max || max < 2) return n <= max ? Array.from({ length: n }, (_, i) => i) : [0];
  const step = Math.ceil((n - 1) / (max - 1));
  const indices: number[] = [];
  for (let i = 0; i < n - 1; i += step) indices.push(i);
  if (n - 1 - indices[indices.length - 1]! < step / 2 && indices.length > 1) indices.pop();
  indices.push(n - 1);
  return indices;
}
