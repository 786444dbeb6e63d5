/**
 * What every bench does at its end: prints its lines and writes `bench/results/<name>.json`
 * (docs/performance.md, "How the latency benches measure").
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Load } from './paired-load';

const RESULTS_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'results');

/** Writes `bench/results/<name>.json`, pretty-printed. */
export function writeResult(name: string, result: object): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, `${name}.json`), JSON.stringify(result, null, 2));
}

/** One endpoint's line of a paired-load bench: requests, errors, p50 and p99. */
export function loadLine(name: string, r: Load, width = 20): string {
  return `${name.padEnd(width)} sent ${r.sent} errors ${r.errors} p50 ${r.p50_ms.toFixed(2)} ms p99 ${r.p99_ms.toFixed(2)} ms`;
}

/** The verdict line of a paired-load bench: the p99 ratio against /healthz and the goal. */
export function ratioLine(opts: {
  ratio: number;
  rate: number;
  seconds: number;
  goal: number;
  met: boolean;
}): string {
  return `p99 ratio ${opts.ratio.toFixed(2)}× /healthz at ${opts.rate}/s for ${opts.seconds} s; goal ≤ ${opts.goal}× with zero errors: ${opts.met ? 'met' : 'NOT met'}`;
}
