/**
 * A set of 64-bit keys (two 32-bit halves) in one typed array with open addressing: millions of
 * entries cost 8 bytes each plus free slots, and no object per entry for the garbage collector to
 * walk. For keys that are already uniformly distributed (keyed hashes). The key 0/0 is kept as
 * 0/1 (an empty slot is all zeros).
 */
export class HashSet64 {
  private slots: Uint32Array;
  private mask: number;
  size = 0;

  constructor(initialSlots = 1 << 12) {
    let n = 16;
    while (n < initialSlots) n <<= 1;
    this.slots = new Uint32Array(n * 2);
    this.mask = n - 1;
  }

  /** Adds the key; returns false when it was already there. */
  add(hi: number, lo: number): boolean {
    hi >>>= 0;
    lo >>>= 0;
    if (hi === 0 && lo === 0) lo = 1;
    // Kept at most half full, so probes stay short.
    if ((this.size + 1) * 2 > this.mask + 1) this.grow();
    return this.insert(this.slots, this.mask, hi, lo);
  }

  private insert(slots: Uint32Array, mask: number, hi: number, lo: number): boolean {
    for (let i = (lo ^ hi) & mask; ; i = (i + 1) & mask) {
      const h = slots[i * 2]!;
      const l = slots[i * 2 + 1]!;
      if (h === 0 && l === 0) {
        slots[i * 2] = hi;
        slots[i * 2 + 1] = lo;
        this.size++;
        return true;
      }
      if (h === hi && l === lo) return false;
    }
  }

  private grow() {
    const old = this.slots;
    const n = (this.mask + 1) * 2;
    this.slots = new Uint32Array(n * 2);
    this.mask = n - 1;
    this.size = 0;
    for (let i = 0; i < old.length; i += 2)
      if (old[i] !== 0 || old[i + 1] !== 0)
        this.insert(this.slots, this.mask, old[i]!, old[i + 1]!);
  }
}

/** Two 32-bit hashes of a string (FNV-1a and a multiplicative mix): its 64-bit key. */
export function key64(s: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return [a >>> 0, b >>> 0];
}
