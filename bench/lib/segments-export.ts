/**
 * The export of bench/segments.bench.ts: the CSV is read by a child process (so the client's
 * buffers are not in the server's memory), chunk by chunk, keeping nothing of it, while this
 * process — the server, with PGlite's and DuckDB's threads — samples its memory every 20 ms: the
 * RSS, this thread's JavaScript heap and its spaces, and where the resident memory is by kind of
 * mapping (bench/lib/segments-memory.ts: WebAssembly, the C heap, V8's heaps of all threads).
 * Before and after, a full garbage collection (exposed here with V8's flag) leaves only live
 * memory, so `before` is a clean baseline and `after` what the export left behind.
 */
import { spawn } from 'node:child_process';
import v8 from 'node:v8';
import vm from 'node:vm';
import { breakdown, grownMost, memory, type Memory } from './segments-memory';

type Breakdown = ReturnType<typeof breakdown>;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** The child: fetches the URL, counts bytes and newlines, prints them as JSON. */
const CLIENT = `
const res = await fetch(process.env.URL, { headers: { authorization: 'Bearer ' + process.env.TOKEN } });
let lines = 0, bytes = 0;
for await (const chunk of res.body) {
  bytes += chunk.byteLength;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
}
console.log(JSON.stringify({ status: res.status, lines, bytes }));
`;

/**
 * Measures one export of `url` read by a child process, or, with `drain`, that work instead
 * (it answers the rows it read).
 */
export async function exportThroughChild(
  url: string,
  token: string,
  drain?: () => Promise<number>,
) {
  gc();
  const before = memory();
  const beforeMaps = breakdown();
  const peak = { ...before };
  const sample = () => {
    const now = memory();
    for (const k of Object.keys(peak) as (keyof Memory)[]) peak[k] = Math.max(peak[k], now[k]);
  };
  // The mappings at the sample of the highest resident total, and each kind's own highest.
  let atPeak: Breakdown = beforeMaps;
  const kindPeak = { ...beforeMaps };
  const sampleMaps = () => {
    const now = breakdown();
    const total = (b: Breakdown) => b.wasm + b.malloc + b.v8 + b.file;
    if (total(now) > total(atPeak)) atPeak = now;
    for (const k of ['wasm', 'malloc', 'v8', 'file'] as const)
      kindPeak[k] = Math.max(kindPeak[k], now[k]);
  };
  // BENCH_TRACE_GC=1: each collection of every thread's heap, with what it promoted.
  if (process.env.BENCH_TRACE_GC) v8.setFlagsFromString('--trace-gc-nvp');
  // This thread's young generation, old generation and large objects (strings past 128 kB).
  const spaces = () =>
    Object.fromEntries(
      v8
        .getHeapSpaceStatistics()
        .filter((x) => ['new_space', 'old_space', 'large_object_space'].includes(x.space_name))
        .map((x) => [x.space_name, x.space_used_size]),
    );
  const spacesBefore = spaces();
  const spacesPeak = { ...spacesBefore };
  const spacesTimer = setInterval(() => {
    for (const [k, v] of Object.entries(spaces())) spacesPeak[k] = Math.max(spacesPeak[k] ?? 0, v);
  }, 20);
  const timer = setInterval(sample, 20);
  const mapsTimer = setInterval(sampleMaps, 250);
  const started = performance.now();
  const finish = (got: { lines: number; bytes: number }, ms: number) => {
    sample();
    sampleMaps();
    gc();
    const maps = { before: beforeMaps, atPeak, kindPeak, after: breakdown() };
    const spacesGrowth = Object.fromEntries(
      Object.entries(spacesPeak).map(([k, v]) => [k, v - (spacesBefore[k] ?? 0)]),
    );
    // BENCH_MAPS=1: the mappings that grew most, by address (an arena, a heap page, …).
    if (process.env.BENCH_MAPS)
      console.log(`grew most at the peak: ${grownMost(beforeMaps.regions, atPeak.regions)}`);
    const after = memory();
    return { lines: got.lines, bytes: got.bytes, ms, before, peak, after, maps, spacesGrowth };
  };
  try {
    if (drain) {
      const rows = await drain();
      return finish({ lines: rows + 1, bytes: 0 }, performance.now() - started);
    }
    const child = spawn(process.execPath, ['--input-type=module', '-e', CLIENT], {
      env: { ...process.env, URL: url, TOKEN: token },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const ms = performance.now() - started;
    if (code !== 0) throw new Error(`the export's reader exited ${code}`);
    const got = JSON.parse(out) as { status: number; lines: number; bytes: number };
    if (got.status !== 200) throw new Error(`export: ${got.status}`);
    return finish(got, ms);
  } finally {
    clearInterval(timer);
    clearInterval(mapsTimer);
    clearInterval(spacesTimer);
    if (process.env.BENCH_TRACE_GC) v8.setFlagsFromString('--no-trace-gc-nvp');
  }
}
