/**
 * Time and chance for `npm run seed:demo`: a seeded PRNG (two runs with the same arguments draw
 * the same data) and the rhythm of a real product's traffic, busy in the working day and the
 * evening of each customer's own clock and quieter at the weekend (docs/tracking.md, "Demo data").
 */

export const MIN = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export type Rand = () => number;

/** mulberry32: a small PRNG with a 32-bit state, good enough to draw demo data. */
export function createRand(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const pick = <T>(rand: Rand, list: readonly T[]): T =>
  list[Math.floor(rand() * list.length)]!;

/** An index of `weights`, each drawn in proportion to its weight. */
export function weighted(rand: Rand, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = rand() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/** A value of `items`, each drawn in proportion to its `weight`. */
export const pickWeighted = <T extends { weight: number }>(rand: Rand, items: readonly T[]): T =>
  items[
    weighted(
      rand,
      items.map((i) => i.weight),
    )
  ]!;

/** Visits by local hour of the day (0–23): quiet at night, a morning and an evening peak. */
export const HOUR_WEIGHTS = [
  0.6, 0.35, 0.2, 0.15, 0.15, 0.25, 0.6, 1.5, 3, 4.5, 5, 5, 4.6, 5, 5, 4.8, 4.5, 4.5, 5, 5.5, 5.5,
  4.5, 2.8, 1.4,
] as const;

/** Visits by local day of the week, Monday first: a working week and a quieter weekend. */
export const WEEKDAY_WEIGHTS = [1, 1, 1, 0.95, 0.85, 0.35, 0.3] as const;
const BUSIEST_DAY = Math.max(...WEEKDAY_WEIGHTS);

/** Monday 0 … Sunday 6 of a day number (days since 1970-01-01, a Thursday). */
export const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7;

/**
 * When a customer whose clock is `utcOffset` hours from UTC next visits, at or after `after`:
 * a day (a weekend day is skipped more often than a working day), then an hour of it by the
 * daily curve.
 */
export function visitTime(after: number, utcOffset: number, rand: Rand): number {
  const offset = utcOffset * HOUR;
  let day = Math.floor((after + offset) / DAY);
  for (let tries = 0; tries < 14; tries++) {
    if (rand() * BUSIEST_DAY < WEEKDAY_WEIGHTS[weekdayOf(day)]!) break;
    day++;
  }
  const hour = weighted(rand, HOUR_WEIGHTS);
  const t = day * DAY + hour * HOUR + Math.floor(rand() * HOUR) - offset;
  // Earlier on the day `after` falls on: the same hour of the next day.
  return t >= after ? t : t + DAY;
}
