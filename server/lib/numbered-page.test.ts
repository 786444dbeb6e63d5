import { describe, expect, it } from 'vitest';
import { numberedPage } from './numbered-page';

describe('numberedPage', () => {
  it('reads page n as the rows after n - 1 pages, and names the next page while rows remain', () => {
    const first = numberedPage({ cursor: '1', limit: 20 });
    expect([first.offset, first.limit]).toEqual([0, 20]);
    expect(first.answer(['a'], 45)).toEqual({ data: ['a'], total: 45, nextCursor: '2' });

    const third = numberedPage({ cursor: '3', limit: 20 });
    expect(third.offset).toBe(40);
    expect(third.answer(['z'], 45).nextCursor).toBeNull();
    // A last page that is exactly full has no next one; one row more and it has.
    expect(numberedPage({ cursor: '2', limit: 20 }).answer([], 40).nextCursor).toBeNull();
    expect(numberedPage({ cursor: '2', limit: 20 }).answer([], 41).nextCursor).toBe('3');
  });
});
