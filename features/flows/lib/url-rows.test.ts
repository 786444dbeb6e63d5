import { describe, expect, it } from 'vitest';
import type { UrlCondition } from '@/lib/contracts/flows';
import {
  addUrlRow,
  canAddUrlRow,
  EMPTY_URL_ROWS,
  fromUrlRows,
  isEmptyUrlRows,
  matchTypesForRow,
  removeUrlRow,
  toUrlRows,
  totalUrlRows,
  updateUrlRow,
  type UrlRows,
} from './url-rows';

const counter = () => {
  let n = 0;
  return () => `r${++n}`;
};

const saved: UrlCondition[] = [
  { condition_type: 'starts with', value: '/admin', type: 'excludes' },
  { condition_type: 'exact', value: '/pricing', type: 'includes' },
  { condition_type: 'contains', value: 'blog', type: 'includes' },
];

/** Adds `n` rows to a list, ids prefixed by the list. */
const fill = (rows: UrlRows, kind: 'includes' | 'excludes', n: number) =>
  Array.from({ length: n }).reduce<UrlRows>(
    (acc, _, i) => addUrlRow(acc, kind, `${kind}-${i}`),
    rows,
  );

describe('url rows', () => {
  it('splits saved conditions into the two lists and joins them back, includes first', () => {
    const rows = toUrlRows(saved, counter());
    expect(rows.includes.map((r) => r.value)).toEqual(['/pricing', 'blog']);
    expect(rows.excludes).toEqual([{ id: 'r1', condition_type: 'starts with', value: '/admin' }]);
    expect(fromUrlRows(rows)).toEqual([saved[1], saved[2], saved[0]]);
    expect(toUrlRows(null, counter())).toEqual(EMPTY_URL_ROWS);
  });

  it('trims values on the way back', () => {
    const rows = updateUrlRow(addUrlRow(EMPTY_URL_ROWS, 'includes', 'a'), 'includes', 'a', {
      value: '  /docs ',
    });
    expect(fromUrlRows(rows)).toEqual([
      { condition_type: 'exact', value: '/docs', type: 'includes' },
    ]);
  });

  it('gives a new row the first match type its list does not use yet', () => {
    let rows = toUrlRows(saved, counter());
    rows = addUrlRow(rows, 'includes', 'n1');
    expect(rows.includes.at(-1)).toEqual({ id: 'n1', condition_type: 'starts with', value: '' });
    rows = addUrlRow(rows, 'excludes', 'n2');
    expect(rows.excludes.at(-1)?.condition_type).toBe('exact');
  });

  it('offers a row its own type and the types no other row of its list uses', () => {
    const rows = toUrlRows(saved, counter());
    const pricing = rows.includes[0]!;
    expect(matchTypesForRow(rows.includes, pricing.id)).toEqual([
      'exact',
      'starts with',
      'ends with',
    ]);
    // The other list is independent: excludes may still use exact and contains.
    expect(matchTypesForRow(rows.excludes, rows.excludes[0]!.id)).toEqual([
      'exact',
      'contains',
      'starts with',
      'ends with',
    ]);
  });

  it('holds one row per match type per list', () => {
    const rows = fill(EMPTY_URL_ROWS, 'includes', 4);
    expect(rows.includes.map((r) => r.condition_type)).toEqual([
      'exact',
      'contains',
      'starts with',
      'ends with',
    ]);
    expect(canAddUrlRow(rows, 'includes')).toBe(false);
    expect(addUrlRow(rows, 'includes', 'extra')).toBe(rows);
    expect(canAddUrlRow(rows, 'excludes')).toBe(true);
  });

  it('stops at 8 rows in total', () => {
    const full = fill(fill(EMPTY_URL_ROWS, 'includes', 4), 'excludes', 4);
    expect(totalUrlRows(full)).toBe(8);
    expect(canAddUrlRow(full, 'excludes')).toBe(false);
    // Freeing a type in one list re-enables it, as the total drops below 8.
    const fewer = removeUrlRow(full, 'excludes', 'excludes-1');
    expect(fewer.excludes.map((r) => r.condition_type)).toEqual([
      'exact',
      'starts with',
      'ends with',
    ]);
    expect(canAddUrlRow(fewer, 'excludes')).toBe(true);
    expect(addUrlRow(fewer, 'excludes', 'x').excludes.at(-1)?.condition_type).toBe('contains');
  });

  it('counts rows without any URL as empty', () => {
    expect(isEmptyUrlRows(EMPTY_URL_ROWS)).toBe(true);
    const blank = fill(EMPTY_URL_ROWS, 'excludes', 2);
    expect(isEmptyUrlRows(updateUrlRow(blank, 'excludes', 'excludes-0', { value: '  ' }))).toBe(
      true,
    );
    expect(isEmptyUrlRows(updateUrlRow(blank, 'excludes', 'excludes-0', { value: '/a' }))).toBe(
      false,
    );
  });

  it('changes only the row it is told to', () => {
    const rows = toUrlRows(saved, counter());
    const next = updateUrlRow(rows, 'includes', 'r3', { condition_type: 'ends with' });
    expect(next.includes.map((r) => r.condition_type)).toEqual(['exact', 'ends with']);
    expect(next.excludes).toBe(rows.excludes);
  });
});
