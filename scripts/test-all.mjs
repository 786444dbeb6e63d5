#!/usr/bin/env node
// `npm test`: typecheck, lint, unit/component tests, server integration tests (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), then Playwright e2e in Debian's Chromium against a
// production build. Prints one closing line "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

process.env.NEXT_TELEMETRY_DISABLED ??= '1';
const root = path.resolve(new URL('..', import.meta.url).pathname);
const out = path.join(root, 'test-results', 'summary');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const notes = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (res.status !== 0) failures.push(name);
  return res.status === 0;
}

function vitest(name, project, env = {}) {
  const file = path.join(out, `${name}.json`);
  const ok = step(
    name,
    bin('vitest'),
    [
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    env,
  );
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (!ok && r.numFailedTests === 0) totals.failed += 1; // a crash outside any test
  } else if (!ok) totals.failed += 1;
}

if (!step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'])) totals.failed += 1;
if (!step('lint', 'npm', ['run', '--silent', 'lint'])) totals.failed += 1;
vitest('unit', 'unit');
vitest('server (PGlite)', 'server', { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  vitest('server (PostgreSQL)', 'server');
} else {
  notes.push('server suite on PostgreSQL skipped: TEST_DATABASE_URL is not set');
}
if (!process.env.TEST_REDIS_URL)
  notes.push('multi-node realtime test skipped: TEST_REDIS_URL is not set');

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const msg = `e2e skipped: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`;
  if (process.env.CI) {
    failures.push('e2e (no Chromium)');
    totals.failed += 1;
  }
  notes.push(msg);
} else {
  // A build of its own, so a running `npm start` on .next is left alone.
  process.env.NEXT_DIST_DIR = '.next-e2e';
  const built = existsSync(path.join(root, '.next-e2e', 'BUILD_ID'));
  if (!(process.env.SKIP_BUILD === '1' && built) && !step('build', bin('next'), ['build']))
    totals.failed += 1;
  const file = path.join(out, 'e2e.json');
  const ok = step('e2e', bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    CHROMIUM_PATH: chromium,
  });
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    if (!ok && s.unexpected === 0) totals.failed += 1;
  } else if (!ok) totals.failed += 1;
}

// Every bench runs to its end on small data (scripts/bench-smoke.mjs): a bench that broke fails
// here instead of on the next person who measures. The e2e build serves route-weight.
const e2eBuild = path.join(root, '.next-e2e');
if (
  !step('bench smoke', process.execPath, ['scripts/bench-smoke.mjs'], {
    ...(existsSync(path.join(e2eBuild, 'BUILD_ID')) ? { BENCH_NEXT_DIR: '.next-e2e' } : {}),
  })
)
  totals.failed += 1;

console.log('\n=== summary ===');
for (const n of notes) console.log(`note: ${n}`);
if (failures.length) console.log(`failed steps: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
