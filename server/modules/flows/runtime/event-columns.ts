/**
 * Events of one code grouped by visitor, packed in typed arrays: a visitor's events form a linked
 * list through `next`, newest first; properties (only those conditions read) are UTF-8 bytes in
 * one buffer. Hundreds of thousands of events are then a handful of objects for the garbage
 * collector instead of millions (docs/adr/0012-flow-runtime-cost.md). Every byte the arrays take
 * is asked of `reserve` before it is allocated, so the memory's byte bound holds
 * (docs/flows.md, "What a decision costs").
 */

const encoder = new TextEncoder();

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

/** Bytes per event in the columns: time, id hash (8 each), next, properties' start and length. */
export const EVENT_COLUMN_BYTES = 8 + 8 + 4 + 4 + 4;
/** What one visitor's entry is counted as, besides its key's characters (map entry, head). */
export const VISITOR_ENTRY_BYTES = 64;

type Column = Float64Array | Int32Array | Uint32Array | Uint8Array;

function resized<T extends Column>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a.subarray(0, Math.min(a.length, size)));
  return b;
}

/** What `insert` did. */
export type InsertResult = 'added' | 'repeat' | 'old' | 'full';

export class VisitorEventColumns {
  private readonly slots = new Map<string, number>();
  /** Per visitor slot: the index of their newest event (-1: none). */
  private head = new Int32Array(0);
  private at = new Float64Array(0);
  private ids = new Float64Array(0);
  private next = new Int32Array(0);
  private propsStart = new Uint32Array(0);
  private propsLength = new Uint32Array(0);
  private bytes = new Uint8Array(0);
  /** `bytes` as a Buffer (same memory), for decoding. */
  private view = Buffer.alloc(0);
  private capacity = 0;
  private used = 0;
  /** Events stored, those cut off the end of a visitor's list included. */
  size = 0;
  /** Bytes reserved for the arrays and visitor entries: what this object holds. */
  held = 0;
  /** Of `held`, the bytes of events cut off the end of a visitor's list (never read again). */
  wasted = 0;

  /** `reserve(n)`: may n more bytes be taken? (false: nothing is allocated); n < 0 gives back. */
  constructor(private readonly reserve: (bytes: number) => boolean = () => true) {}

  /** Grows a set of columns to hold `need` items: doubling when the bound allows, else just enough. */
  private grow(have: number, need: number, unit: number): number | null {
    if (need <= have) return have;
    let size = Math.max(16, have * 2);
    while (size < need) size *= 2;
    if (this.reserve((size - have) * unit)) return size;
    size = need + (need >> 4);
    if (this.reserve((size - have) * unit)) return size;
    return null;
  }

  private slotOf(key: string): number | null {
    const slot = this.slots.get(key);
    if (slot !== undefined) return slot;
    const n = this.slots.size;
    if (n >= this.head.length) {
      const size = this.grow(this.head.length, n + 1, 4);
      if (size === null) return null;
      this.held += (size - this.head.length) * 4;
      this.head = resized(this.head, size);
    }
    const entry = VISITOR_ENTRY_BYTES + key.length * 2;
    if (!this.reserve(entry)) return null;
    this.held += entry;
    this.slots.set(key, n);
    this.head[n] = -1;
    return n;
  }

  /** Room for one more event with `propBytes` of properties, or false. */
  private room(propBytes: number): boolean {
    const cap = this.grow(this.capacity, this.size + 1, EVENT_COLUMN_BYTES);
    if (cap === null) return false;
    if (cap !== this.capacity) {
      this.held += (cap - this.capacity) * EVENT_COLUMN_BYTES;
      this.at = resized(this.at, cap);
      this.ids = resized(this.ids, cap);
      this.next = resized(this.next, cap);
      this.propsStart = resized(this.propsStart, cap);
      this.propsLength = resized(this.propsLength, cap);
      this.capacity = cap;
    }
    const bytes = this.grow(this.bytes.length, this.used + propBytes, 1);
    if (bytes === null) return false;
    if (bytes !== this.bytes.length) {
      this.held += bytes - this.bytes.length;
      this.bytes = resized(this.bytes, bytes);
    }
    return true;
  }

  /** Writes an event into the next free index (room checked) and answers that index. */
  private write(messageId: string, at: number, props: string, propBytes: number): number {
    const n = this.size++;
    if (propBytes > 0) encoder.encodeInto(props, this.bytes.subarray(this.used));
    this.at[n] = at;
    this.ids[n] = hash53(messageId);
    this.propsStart[n] = this.used;
    this.propsLength[n] = propBytes;
    this.used += propBytes;
    return n;
  }

  /**
   * Adds an event at the head of the visitor's list, unordered and unchecked (a load, which
   * `keepNewest` then puts in order). False when the bound refuses the bytes.
   */
  push(key: string, messageId: string, at: number, props: string): boolean {
    const propBytes = Buffer.byteLength(props);
    const slot = this.slotOf(key);
    if (slot === null || !this.room(propBytes)) return false;
    const n = this.write(messageId, at, props, propBytes);
    this.next[n] = this.head[slot]!;
    this.head[slot] = n;
    return true;
  }

  /**
   * Adds an event in time order (newest first) to a list kept by `keepNewest`, looking at no more
   * than the visitor's `keep` newest events: a message id among them is a repeat; an event older
   * than all of them is not kept (no count ever reads it); the event pushed past `keep` is cut off.
   */
  insert(key: string, messageId: string, at: number, props: string, keep: number): InsertResult {
    const id = hash53(messageId);
    const existing = this.slots.get(key);
    let prev = -1;
    let after = -1;
    let found = false;
    let steps = 0;
    if (existing !== undefined) {
      for (let i = this.head[existing]!; i !== -1 && steps < keep; i = this.next[i]!, steps++) {
        if (this.ids[i] === id) return 'repeat';
        if (!found && this.at[i]! <= at) {
          found = true;
          after = prev;
        }
        prev = i;
      }
      if (!found && steps >= keep) return 'old';
      if (!found) after = prev;
    }
    const propBytes = Buffer.byteLength(props);
    const slot = existing ?? this.slotOf(key);
    if (slot === null || !this.room(propBytes)) return 'full';
    const n = this.write(messageId, at, props, propBytes);
    if (after === -1) {
      this.next[n] = this.head[slot]!;
      this.head[slot] = n;
    } else {
      this.next[n] = this.next[after]!;
      this.next[after] = n;
    }
    this.cutAfter(slot, keep);
    return 'added';
  }

  /** Cuts the visitor's list after its `keep` newest events; what is cut counts as wasted. */
  private cutAfter(slot: number, keep: number) {
    let i = this.head[slot]!;
    for (let k = 1; k < keep && i !== -1; k++) i = this.next[i]!;
    if (i === -1) return;
    let cut = this.next[i]!;
    this.next[i] = -1;
    for (; cut !== -1; cut = this.next[cut]!)
      this.wasted += EVENT_COLUMN_BYTES + this.propsLength[cut]!;
  }

  /**
   * Puts every visitor's list in time order (newest first) and keeps their `keep` newest events
   * (after a load, whose rows come in no order). `pause` is awaited every `slice` events looked
   * at, so the server's thread serves requests in between.
   */
  async keepNewest(keep: number, pause: () => Promise<void>, slice = 50_000) {
    let looked = 0;
    const heap = new Int32Array(Math.max(1, keep));
    for (const slot of this.slots.values()) {
      // A min-heap of the `keep` newest seen so far, by time.
      let size = 0;
      const older = (a: number, b: number) => this.at[heap[a]!]! < this.at[heap[b]!]!;
      const swap = (a: number, b: number) => {
        const t = heap[a]!;
        heap[a] = heap[b]!;
        heap[b] = t;
      };
      const down = (from: number) => {
        for (let p = from; ;) {
          const l = 2 * p + 1;
          const r = l + 1;
          let m = p;
          if (l < size && older(l, m)) m = l;
          if (r < size && older(r, m)) m = r;
          if (m === p) return;
          swap(p, m);
          p = m;
        }
      };
      for (let i = this.head[slot]!; i !== -1; i = this.next[i]!) {
        if (++looked % slice === 0) await pause();
        if (size < keep) {
          heap[size] = i;
          for (let c = size++; c > 0 && older(c, (c - 1) >> 1); c = (c - 1) >> 1)
            swap(c, (c - 1) >> 1);
        } else if (keep > 0 && this.at[i]! > this.at[heap[0]!]!) {
          this.wasted += EVENT_COLUMN_BYTES + this.propsLength[heap[0]!]!;
          heap[0] = i;
          down(0);
        } else this.wasted += EVENT_COLUMN_BYTES + this.propsLength[i]!;
      }
      // Popping the oldest first and linking each in front of the last gives newest first.
      let head = -1;
      while (size > 0) {
        const i = heap[0]!;
        heap[0] = heap[--size]!;
        down(0);
        this.next[i] = head;
        head = i;
      }
      this.head[slot] = head;
    }
  }

  /**
   * Moves the events still in a list to the front of the arrays and shrinks them, so the bytes of
   * events cut off (`wasted`) are given back (`reserve` is called with a negative count).
   */
  compact() {
    const n = this.size;
    const to = new Int32Array(n).fill(-1);
    for (const slot of this.slots.values())
      for (let i = this.head[slot]!; i !== -1; i = this.next[i]!) to[i] = 0;
    let j = 0;
    let used = 0;
    // Properties were written in index order, so moving both down never overwrites a live one.
    for (let i = 0; i < n; i++) {
      if (to[i] === -1) continue;
      to[i] = j;
      const start = this.propsStart[i]!;
      const length = this.propsLength[i]!;
      if (used !== start) this.bytes.copyWithin(used, start, start + length);
      this.at[j] = this.at[i]!;
      this.ids[j] = this.ids[i]!;
      this.next[j] = this.next[i]!;
      this.propsStart[j] = used;
      this.propsLength[j] = length;
      used += length;
      j++;
    }
    for (let k = 0; k < j; k++) if (this.next[k] !== -1) this.next[k] = to[this.next[k]!]!;
    for (const slot of this.slots.values())
      if (this.head[slot] !== -1) this.head[slot] = to[this.head[slot]!]!;
    const cap = j + (j >> 4);
    let freed = 0;
    if (cap < this.capacity) {
      freed += (this.capacity - cap) * EVENT_COLUMN_BYTES;
      this.at = resized(this.at, cap);
      this.ids = resized(this.ids, cap);
      this.next = resized(this.next, cap);
      this.propsStart = resized(this.propsStart, cap);
      this.propsLength = resized(this.propsLength, cap);
      this.capacity = cap;
    }
    if (used < this.bytes.length) {
      freed += this.bytes.length - used;
      this.bytes = resized(this.bytes, used);
    }
    this.size = j;
    this.used = used;
    this.wasted = 0;
    if (freed > 0) {
      this.held -= freed;
      this.reserve(-freed);
    }
  }

  /**
   * Calls `visit` with the events of these visitors newest first (their lists merged by time),
   * at most `limit` of them, until it answers false.
   */
  newest(keys: readonly string[], limit: number, visit: (at: number, index: number) => boolean) {
    const cursors: number[] = [];
    for (const key of keys) {
      const slot = this.slots.get(key);
      if (slot !== undefined && this.head[slot]! !== -1) cursors.push(this.head[slot]!);
    }
    for (let seen = 0; seen < limit && cursors.length > 0; seen++) {
      let best = 0;
      for (let c = 1; c < cursors.length; c++)
        if (this.at[cursors[c]!]! > this.at[cursors[best]!]!) best = c;
      const i = cursors[best]!;
      const next = this.next[i]!;
      if (next === -1) cursors.splice(best, 1);
      else cursors[best] = next;
      if (!visit(this.at[i]!, i)) return;
    }
  }

  /**
   * The events of these visitors newest first (their lists merged by time), one index per call
   * of the answered function, -1 at the end: a walk a caller can pause and take up again.
   */
  walk(keys: readonly string[]): () => number {
    const cursors: number[] = [];
    for (const key of keys) {
      const slot = this.slots.get(key);
      if (slot !== undefined && this.head[slot]! !== -1) cursors.push(this.head[slot]!);
    }
    return () => {
      if (cursors.length === 0) return -1;
      let best = 0;
      for (let c = 1; c < cursors.length; c++)
        if (this.at[cursors[c]!]! > this.at[cursors[best]!]!) best = c;
      const i = cursors[best]!;
      const next = this.next[i]!;
      if (next === -1) cursors.splice(best, 1);
      else cursors[best] = next;
      return i;
    };
  }

  /** An event's time (epoch ms). */
  timeOf(index: number): number {
    return this.at[index]!;
  }

  /** The properties' JSON of an event (`newest` gives its index); '' when none were kept. */
  propsOf(index: number): string {
    const start = this.propsStart[index]!;
    const length = this.propsLength[index]!;
    if (length === 0) return '';
    // Node's own decoder over the same memory: TextDecoder costs more on short strings.
    if (this.view.buffer !== this.bytes.buffer)
      this.view = Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    return this.view.toString('utf8', start, start + length);
  }

  /** The byte length of an event's kept properties. */
  propsLengthOf(index: number): number {
    return this.propsLength[index]!;
  }
}
