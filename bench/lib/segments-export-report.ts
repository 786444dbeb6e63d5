/**
 * What bench/segments.bench.ts prints and records of one measured export (bench/lib/memory-probe.ts):
 * its time, the server's peak RSS growth and where it went by kind of mapping
 * (bench/lib/segments-memory.ts), the JavaScript heap's peaks by space, and what a GC left.
 */
import type { ProbeResult } from './memory-probe';

const mb = (bytes: number) => bytes / 1024 / 1024;
const signed = (v: number) => `${v >= 0 ? '+' : ''}${v.toFixed(1)}`;
const KINDS = ['wasm', 'malloc', 'v8', 'file'] as const;

/** Prints the export's lines under `label` and answers its record; throws on a short file. */
export function reportExport(label: string, x: ProbeResult, expectedRows: number) {
  const rows = x.lines - 1; // the header
  if (rows !== expectedRows) throw new Error(`the export held ${rows} rows, not ${expectedRows}`);
  const peak = mb(x.peak.rss - x.before.rss);
  const left = mb(x.after.heap - x.before.heap);
  const heap = mb(x.peak.heap - x.before.heap);
  const grew = (k: (typeof KINDS)[number], at: Record<(typeof KINDS)[number], number>) =>
    mb(at[k] - x.maps.before[k]);
  const where = Object.fromEntries(KINDS.map((k) => [k, grew(k, x.maps.atPeak)]));
  console.log(
    `${label}   ${rows} rows, ${mb(x.bytes).toFixed(1)} MB of CSV in ${(x.ms / 1000).toFixed(1)} s` +
      ` (${Math.round(rows / (x.ms / 1000))} rows/s); RSS ${mb(x.before.rss).toFixed(0)} MB before,` +
      ` peak growth ${peak.toFixed(1)} MB (JS heap peak +${heap.toFixed(1)} MB); live JS heap after` +
      ` a GC ${signed(left)} MB`,
  );
  console.log(
    `         where (at the peak): ${KINDS.map((k) => `${k} ${signed(where[k]!)}`).join(', ')} MB;` +
      ` each kind's peak: ${KINDS.map((k) => `${k} ${signed(grew(k, x.maps.kindPeak))}`).join(', ')} MB;` +
      ` the server thread's external peak ${signed(mb(x.peak.external - x.before.external))} MB` +
      ` (array buffers ${signed(mb(x.peak.arrayBuffers - x.before.arrayBuffers))});` +
      ` its heap's peaks: ${Object.entries(x.spacesGrowth)
        .map(([k, v]) => `${k} ${signed(mb(v))}`)
        .join(', ')} MB`,
  );
  return {
    label,
    rows,
    bytes: x.bytes,
    ms: x.ms,
    rss_before_mb: mb(x.before.rss),
    rss_growth_mb: peak,
    heap_live_after_mb: left,
    heap_growth_mb: heap,
    external_growth_mb: mb(x.peak.external - x.before.external),
    array_buffers_growth_mb: mb(x.peak.arrayBuffers - x.before.arrayBuffers),
    // Resident growth by kind of mapping at the sample of the highest total, and each kind's
    // own highest growth.
    rss_growth_by_kind_mb: where,
    rss_peak_growth_by_kind_mb: Object.fromEntries(KINDS.map((k) => [k, grew(k, x.maps.kindPeak)])),
    heap_spaces_growth_mb: Object.fromEntries(
      Object.entries(x.spacesGrowth).map(([k, v]) => [k, mb(v)]),
    ),
    rss_left_by_kind_mb: Object.fromEntries(KINDS.map((k) => [k, grew(k, x.maps.after)])),
  };
}
