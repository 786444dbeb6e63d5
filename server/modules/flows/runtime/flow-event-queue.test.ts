import { describe, expect, it, vi } from 'vitest';
import type { Submission } from '../../../analytics/batcher';
import type { EventRow } from '../../../analytics/types';
import { createFlowEventQueue } from './flow-event-queue';

const row = (id: string) => ({ messageId: id }) as EventRow;
const log = { warn: vi.fn() } as unknown as Parameters<typeof createFlowEventQueue>[0]['log'];

describe('flow event queue', () => {
  it('writes nothing during the request; one derived submission per account on the timer', async () => {
    vi.useFakeTimers();
    try {
      const submitted: Submission[] = [];
      const q = createFlowEventQueue({
        batcher: { submit: async (s) => void submitted.push(s) },
        log,
        flushMs: 1_000,
      });
      q.push('owner-a', [row('1')]);
      q.push('owner-b', [row('2')]);
      q.push('owner-a', [row('3')]);
      expect(submitted).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(submitted).toEqual([
        { ownerId: 'owner-a', rows: [row('1'), row('3')], derived: true },
        { ownerId: 'owner-b', rows: [row('2')], derived: true },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('close writes what waits; a failed write is logged, not thrown', async () => {
    const submit = vi.fn(async () => {
      throw new Error('store down');
    });
    const warn = vi.fn();
    const q = createFlowEventQueue({
      batcher: { submit },
      log: { warn } as unknown as typeof log,
    });
    q.push('owner', [row('1')]);
    await expect(q.close()).resolves.toBeUndefined();
    expect(submit).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalled();
  });

  it('keeps memory bounded when the store does not keep up', async () => {
    const warn = vi.fn();
    const submit = vi.fn(() => new Promise<void>(() => undefined)); // never answers
    const q = createFlowEventQueue({ batcher: { submit }, log: { warn } as unknown as typeof log });
    // 2,000 rows start a flush at once; the writer hangs, so later rows wait in memory.
    for (let i = 0; i < 60; i++)
      q.push(
        'owner',
        Array.from({ length: 1_000 }, (_, j) => row(`${i}-${j}`)),
      );
    expect(warn).toHaveBeenCalledWith('flow events dropped: the event store is not keeping up');
    // 50 of the 60 thousand rows are held (one write in progress, the rest waiting); 10 dropped.
    expect(warn).toHaveBeenCalledTimes(10);
  });
});
