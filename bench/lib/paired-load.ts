/**
 * Two endpoints measured against each other at the same fixed rate, in alternating phases: the
 * baseline (`/healthz`) for a few seconds, the endpoint under test for as long, and so on until
 * each has its full time. Both see the same minutes of this shared machine, so a noisy stretch
 * does not fall on one of them only (docs/performance.md, "How the latency benches measure").
 * Each phase starts with `warmupSeconds` at the same rate that are not recorded; the percentiles
 * are those of every recorded request of all phases together.
 */
import { Worker } from 'node:worker_threads';

export interface Load {
  sent: number;
  errors: number;
  p50_ms: number;
  p99_ms: number;
}

/** What fixed-rate-load.mjs needs besides the rate and duration (url, kind, bodies…). */
export type Target = Record<string, unknown> & { url: string; kind: string };

interface Phase {
  sent: number;
  errors: number;
  latencies: number[];
}

function phase(target: Target, rate: number, seconds: number, warmup: number) {
  return new Promise<Phase>((resolve, reject) => {
    const worker = new Worker(new URL('./fixed-rate-load.mjs', import.meta.url), {
      workerData: { ...target, rate, seconds, warmup, keepLatencies: true },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

function summary(phases: Phase[]): Load {
  const latencies = phases.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  return {
    sent: phases.reduce((n, p) => n + p.sent, 0),
    errors: phases.reduce((n, p) => n + p.errors, 0),
    p50_ms: at(0.5),
    p99_ms: at(0.99),
  };
}

/** A short unrecorded run of both (connections, code paths), then the measured phases. */
export async function pairedLoad(opts: {
  baseline: Target;
  target: Target;
  rate: number;
  /** Recorded seconds per endpoint in all. */
  seconds: number;
  phases?: number;
  warmupSeconds?: number;
  /** Called as each measured phase starts (a stall log can tell which phase it fell in). */
  onPhase?: (side: 'baseline' | 'target', index: number) => void;
}): Promise<{ baseline: Load; target: Load }> {
  // CI's smoke run (scripts/bench-smoke.mjs) only checks that the bench runs to its end.
  const smoke = process.env.BENCH_SMOKE === '1';
  const phases = Math.max(1, opts.phases ?? (smoke ? 2 : 5));
  const warmup = opts.warmupSeconds ?? (smoke ? 0.2 : 1);
  const each = opts.seconds / phases;
  await phase(opts.baseline, opts.rate, smoke ? 0.5 : 3, 0);
  await phase(opts.target, opts.rate, smoke ? 0.5 : 3, 0);
  const baseline: Phase[] = [];
  const target: Phase[] = [];
  for (let i = 0; i < phases; i++) {
    opts.onPhase?.('baseline', i);
    baseline.push(await phase(opts.baseline, opts.rate, each, warmup));
    opts.onPhase?.('target', i);
    target.push(await phase(opts.target, opts.rate, each, warmup));
  }
  return { baseline: summary(baseline), target: summary(target) };
}
