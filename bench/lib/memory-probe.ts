/**
 * Memory of the process it runs in, sampled while something is measured: every 20 ms the RSS and
 * this thread's JavaScript heap (and its young, old and large-object spaces), every 250 ms where
 * the resident memory is by kind of mapping (bench/lib/segments-memory.ts: WebAssembly, the C heap,
 * V8's heaps of all threads). `start` runs a full garbage collection first (exposed here with V8's
 * flag) so the baseline is live memory only; `stop` samples once more, collects again, and
 * answers the baseline, the peaks and what was left.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { breakdown, grownMost, memory, type Memory } from './segments-memory';

type Breakdown = ReturnType<typeof breakdown>;

v8.setFlagsFromString('--expose-gc');
export const gc = vm.runInNewContext('gc') as () => void;

/** This thread's young generation, old generation and large objects (strings past 128 kB). */
const spaces = () =>
  Object.fromEntries(
    v8
      .getHeapSpaceStatistics()
      .filter((x) => ['new_space', 'old_space', 'large_object_space'].includes(x.space_name))
      .map((x) => [x.space_name, x.space_used_size]),
  );

export interface ProbeResult {
  lines: number;
  bytes: number;
  ms: number;
  before: Memory;
  peak: Memory;
  after: Memory;
  maps: { before: Breakdown; atPeak: Breakdown; kindPeak: Breakdown; after: Breakdown };
  spacesGrowth: Record<string, number>;
}

/** Starts sampling; the answer stops it with what the measured work reported. */
export function startProbe() {
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
  const spacesBefore = spaces();
  const spacesPeak = { ...spacesBefore };
  const spacesTimer = setInterval(() => {
    for (const [k, v] of Object.entries(spaces())) spacesPeak[k] = Math.max(spacesPeak[k] ?? 0, v);
  }, 20);
  const timer = setInterval(sample, 20);
  const mapsTimer = setInterval(sampleMaps, 250);
  return (got: { lines: number; bytes: number; ms: number }): ProbeResult => {
    clearInterval(timer);
    clearInterval(mapsTimer);
    clearInterval(spacesTimer);
    if (process.env.BENCH_TRACE_GC) v8.setFlagsFromString('--no-trace-gc-nvp');
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
    return { ...got, before, peak, after: memory(), maps, spacesGrowth };
  };
}
