/**
 * Runs work one at a time per key, in the order it asked, within this process; work under other
 * keys runs alongside. A failure releases the key like a success does. Nothing is kept for a key
 * once its last holder is done.
 */
export function createKeyedLock() {
  /** The end of the queue of each busy key: resolves when its last holder is done. */
  const tails = new Map<string, Promise<void>>();

  return async function withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = tails.get(key);
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = before ? before.then(() => done) : done;
    tails.set(key, tail);
    try {
      if (before) await before;
      return await work();
    } finally {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
