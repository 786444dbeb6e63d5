import { key64 } from './hash-set64';

/**
 * A Bloom filter over strings: `has` may answer true for a string never added (about `errorRate`
 * of the time while it holds no more than `capacity` strings), never false for one that was.
 * Used to skip a database read when the answer is surely "nothing" (docs/adr/0012-flow-runtime-cost.md).
 */
export class BloomFilter {
  private readonly bits: Uint32Array;
  private readonly size: number;
  private readonly hashes: number;
  /** Strings added; past `capacity`, false positives grow and the owner should rebuild. */
  count = 0;

  constructor(
    readonly capacity: number,
    errorRate = 0.01,
  ) {
    const n = Math.max(1, capacity);
    this.size = Math.max(64, Math.ceil((-n * Math.log(errorRate)) / Math.LN2 ** 2));
    this.hashes = Math.max(1, Math.round((this.size / n) * Math.LN2));
    this.bits = new Uint32Array(Math.ceil(this.size / 32));
  }

  /** Two independent 32-bit hashes (key64), combined per probe; the step is odd. */
  private probes(s: string): [number, number] {
    const [a, b] = key64(s);
    return [a, b | 1];
  }

  add(s: string): void {
    const [a, b] = this.probes(s);
    for (let i = 0; i < this.hashes; i++) {
      const bit = (a + Math.imul(i, b)) >>> 0;
      const at = bit % this.size;
      this.bits[at >>> 5]! |= 1 << (at & 31);
    }
    this.count++;
  }

  has(s: string): boolean {
    const [a, b] = this.probes(s);
    for (let i = 0; i < this.hashes; i++) {
      const at = ((a + Math.imul(i, b)) >>> 0) % this.size;
      if ((this.bits[at >>> 5]! & (1 << (at & 31))) === 0) return false;
    }
    return true;
  }
}
