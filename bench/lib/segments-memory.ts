/**
 * Where the server process's resident memory is, for the export of bench/segments.bench.ts: the
 * JavaScript thread's own figures (`process.memoryUsage()`: its heap, the external memory and
 * array buffers it holds) and the process's mappings read from /proc/self/smaps, grouped by what
 * they are. The PGlite and DuckDB worker threads have heaps of their own that
 * `process.memoryUsage()` does not see; smaps does:
 *
 * - `wasm`: WebAssembly memories (PGlite's PostgreSQL): a read-write mapping followed at once by
 *   the large reservation V8 keeps behind each memory (a WebAssembly memory only grows);
 * - `malloc`: the C heap (glibc's main heap and its per-thread arenas, 64 MB reservations): DuckDB,
 *   Node's own buffers, the HTTP parser, libuv;
 * - `v8`: every other anonymous mapping: the V8 heaps of all three threads (pages of 256 kB
 *   mapped one by one), their code, the threads' stacks;
 * - `file`: the node binary and shared libraries.
 *
 * Reading smaps takes milliseconds, so it is sampled less often than the RSS (Linux only; elsewhere
 * the breakdown is empty).
 */
import { closeSync, openSync, readSync } from 'node:fs';

export interface Breakdown {
  wasm: number;
  malloc: number;
  v8: number;
  file: number;
}

const ARENA = 64 * 1024 * 1024;
const RESERVATION = 1024 * 1024 * 1024;

interface Mapping {
  start: number;
  end: number;
  perms: string;
  path: string;
  rss: number;
}

/** One buffer for every read: reading smaps as a string would make megabytes of garbage a read. */
let buffer = Buffer.alloc(4 * 1024 * 1024);

/** The process's mappings with their resident bytes, parsed from the bytes of /proc/self/smaps. */
function mappings(): Mapping[] {
  let length = 0;
  try {
    const fd = openSync('/proc/self/smaps', 'r');
    try {
      for (;;) {
        if (length === buffer.length) buffer = Buffer.concat([buffer, Buffer.alloc(buffer.length)]);
        const n = readSync(fd, buffer, length, buffer.length - length, null);
        if (n === 0) break;
        length += n;
      }
    } finally {
      closeSync(fd);
    }
  } catch {
    return [];
  }
  const maps: Mapping[] = [];
  for (let at = 0; at < length;) {
    let eol = buffer.indexOf(10, at);
    if (eol === -1 || eol > length) eol = length;
    const first = buffer[at]!;
    // A mapping's line starts with its address (lower-case hex); its fields with a capital.
    if ((first >= 48 && first <= 57) || (first >= 97 && first <= 102)) {
      const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+[ \t]*(.*)$/.exec(
        buffer.toString('latin1', at, eol),
      );
      if (head)
        maps.push({
          start: parseInt(head[1]!, 16),
          end: parseInt(head[2]!, 16),
          perms: head[3]!,
          path: head[4]!.trim(),
          rss: 0,
        });
    } else if (first === 82 && buffer.toString('latin1', at, at + 4) === 'Rss:' && maps.length) {
      maps[maps.length - 1]!.rss = parseInt(buffer.toString('latin1', at + 4, eol), 10) * 1024;
    }
    at = eol + 1;
  }
  return maps;
}

function kindOf(m: Mapping, next: Mapping | undefined): keyof Breakdown {
  if (m.path === '[heap]') return 'malloc';
  if (m.path !== '' && !m.path.startsWith('[')) return 'file';
  const reserved = next && next.start === m.end && next.perms.startsWith('---');
  if (reserved && next.end - next.start >= RESERVATION) return 'wasm';
  if (m.start % ARENA === 0 && (reserved ? next.end - m.start : m.end - m.start) === ARENA)
    return 'malloc';
  return 'v8';
}

/**
 * Resident bytes of the process by kind of mapping (all zero where smaps cannot be read), and
 * each resident mapping's by its start (`regions`, for a closer look).
 */
export function breakdown(): Breakdown & { regions: Map<string, number> } {
  const out = { wasm: 0, malloc: 0, v8: 0, file: 0, regions: new Map<string, number>() };
  const maps = mappings();
  maps.forEach((m, i) => {
    if (m.rss === 0) return;
    const kind = kindOf(m, maps[i + 1]);
    out[kind] += m.rss;
    out.regions.set(`${kind} ${m.start.toString(16)} ${m.path}`, m.rss);
  });
  return out;
}

/** The `count` mappings that grew most from `before` to `after`, as text. */
export function grownMost(
  before: Map<string, number>,
  after: Map<string, number>,
  count = 8,
): string {
  return [...after]
    .map(([key, rss]) => [key, rss - (before.get(key) ?? 0)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, grew]) => `${key.trim()} +${(grew / 1048576).toFixed(1)}`)
    .join('; ');
}

/** This thread's figures: RSS, JS heap used and committed, external memory, array buffers. */
export interface Memory {
  rss: number;
  heap: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

export const memory = (): Memory => {
  const m = process.memoryUsage();
  return {
    rss: m.rss,
    heap: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
  };
};
