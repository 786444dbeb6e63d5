import { describe, expect, it } from 'vitest';
import { createKeyedLock } from './keyed-lock';

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('createKeyedLock', () => {
  it('runs work of one key one at a time, in the order it asked', async () => {
    const withLock = createKeyedLock();
    const log: string[] = [];
    const first = gate();
    const a = withLock('k', async () => {
      log.push('a starts');
      await first.opened;
      log.push('a ends');
      return 'a';
    });
    const b = withLock('k', async () => {
      log.push('b runs');
      return 'b';
    });
    const c = withLock('k', async () => {
      log.push('c runs');
      return 'c';
    });
    await new Promise((r) => setTimeout(r, 5));
    expect(log).toEqual(['a starts']);
    first.open();
    expect(await Promise.all([a, b, c])).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a starts', 'a ends', 'b runs', 'c runs']);
  });

  it('lets other keys run alongside, and a failure releases the key', async () => {
    const withLock = createKeyedLock();
    const held = gate();
    const slow = withLock('k', () => held.opened.then(() => 'slow'));
    expect(await withLock('other', async () => 'other')).toBe('other');
    const failing = withLock('k', async () => {
      throw new Error('boom');
    });
    const after = withLock('k', async () => 'after');
    held.open();
    expect(await slow).toBe('slow');
    await expect(failing).rejects.toThrow('boom');
    expect(await after).toBe('after');
  });
});
