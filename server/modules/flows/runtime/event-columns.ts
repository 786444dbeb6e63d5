/**
 * Events of one code grouped by visitor, packed in typed arrays: a visitor's events form a linked
 * list through `next`, properties are UTF-8 bytes in one buffer. Hundreds of thousands of events
 * are then a handful of objects for the garbage collector instead of millions (a full collection
 * of a heap full of small objects paused the server for 100 ms and more under load;
 * docs/adr/0012-flow-runtime-cost.md).
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A 53-bit hash of a string (cyrb53): message ids are compared by it within one visitor. */
export function hash53(s: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

function grown<T extends Float64Array | Int32Array | Uint32Array | Uint8Array>(
  a: T,
  need: number,
): T {
  if (need <= a.length) return a;
  let size = Math.max(16, a.length);
  while (size < need) size *= 2;
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}

export class VisitorEventColumns {
  private readonly slots = new Map<string, number>();
  /** Per visitor slot: the index of their newest event (-1: none). */
  private head = new Int32Array(16);
  private at = new Float64Array(16);
  private ids = new Float64Array(16);
  private next = new Int32Array(16);
  private propsStart = new Uint32Array(16);
  private propsLength = new Uint32Array(16);
  private bytes = new Uint8Array(1024);
  private used = 0;
  /** Events held. */
  size = 0;

  /** Adds an event; false (nothing added) when the visitor already has this message id. */
  add(key: string, messageId: string, at: number, propertiesJson: string, checkRepeat = true) {
    const id = hash53(messageId);
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.slots.size;
      this.slots.set(key, slot);
      this.head = grown(this.head, slot + 1);
      this.head[slot] = -1;
    } else if (checkRepeat) {
      for (let i = this.head[slot]!; i !== -1; i = this.next[i]!)
        if (this.ids[i] === id) return false;
    }
    const n = this.size;
    this.at = grown(this.at, n + 1);
    this.ids = grown(this.ids, n + 1);
    this.next = grown(this.next, n + 1);
    this.propsStart = grown(this.propsStart, n + 1);
    this.propsLength = grown(this.propsLength, n + 1);
    this.bytes = grown(this.bytes, this.used + propertiesJson.length * 3);
    const { written } = encoder.encodeInto(propertiesJson, this.bytes.subarray(this.used));
    this.at[n] = at;
    this.ids[n] = id;
    this.propsStart[n] = this.used;
    this.propsLength[n] = written;
    this.used += written;
    this.next[n] = this.head[slot]!;
    this.head[slot] = n;
    this.size++;
    return true;
  }

  /** Calls `each` with every event of the visitor at or after `from` (null: all), last added first. */
  forEach(key: string, from: number | null, each: (at: number, propertiesJson: string) => void) {
    const slot = this.slots.get(key);
    if (slot === undefined) return;
    for (let i = this.head[slot]!; i !== -1; i = this.next[i]!) {
      const at = this.at[i]!;
      if (from !== null && at < from) continue;
      const start = this.propsStart[i]!;
      each(at, decoder.decode(this.bytes.subarray(start, start + this.propsLength[i]!)));
    }
  }
}
