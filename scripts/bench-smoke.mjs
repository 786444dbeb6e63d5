#!/usr/bin/env node
// The benches' smoke run (`npm test` runs it after e2e; docs/performance.md, "Benches in CI"):
// every bench/*.bench.ts on a few seconds of load and small data, so a bench that no longer runs
// fails CI. Ratios printed here mean nothing (short runs on a busy machine); only `npm run bench`
// measures. BENCH_NEXT_DIR may name an existing production build for route-weight.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(new URL('..', import.meta.url).pathname);
const SMALL = {
  BENCH_SMOKE: '1',
  BENCH_EVENTS: '2000',
  BENCH_SECONDS: '2',
  BENCH_RATE: '50',
  BENCH_REQUESTS: '200',
  BENCH_CONCURRENCY: '8',
  BENCH_HEAVY_EVENTS: '2000',
  BENCH_DECISIONS: '50',
  BENCH_RUNS: '2',
  BENCH_TOURS: '5',
};
const files = readdirSync(path.join(root, 'bench')).filter((f) => f.endsWith('.bench.ts'));
const failed = [];
for (const f of files) {
  console.log(`\n--- bench smoke: ${f}`);
  const started = Date.now();
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', f)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...SMALL },
    timeout: 5 * 60_000,
  });
  console.log(
    `--- ${f}: exit ${res.status ?? res.signal} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (res.status !== 0) failed.push(f);
}
console.log(`\nbenches run: ${files.length - failed.length} of ${files.length}`);
if (failed.length) console.log(`benches that did not run to their end: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
