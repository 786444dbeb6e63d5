#!/usr/bin/env node
// `npm test`: typecheck, lint, unit/component tests, server integration tests (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), Playwright e2e in Debian's Chromium against a
// production build, and every bench on small data. Prints each step's duration and one closing
// line "N passed, N failed, N skipped".
//
// Steps that leave each other room run side by side (see `stages` below; `TEST_SERIAL=1` runs
// them one after another). Each step's output is kept whole in test-results/summary/<step>.log;
// while two steps run, every streamed line carries its step's name. Scratch files (test
// databases, stores, data dirs) go to a directory on /dev/shm when there is one, removed at the
// end: the server suite spends a quarter of its time on disk writes otherwise.
// tests/README.md, "Running tests".
import { spawn } from 'node:child_process';
import {
  accessSync,
  constants,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statfsSync,
} from 'node:fs';
import os from 'node:os';
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
const durations = [];
const started = Date.now();
const serial = process.env.TEST_SERIAL === '1';

/**
 * A RAM disk when the machine has one with room (a container's default 64 MB /dev/shm has not)
 * and TMPDIR was not chosen by the caller; the system's temp dir otherwise.
 */
function scratchRoot() {
  if (process.env.TMPDIR) return process.env.TMPDIR;
  try {
    accessSync('/dev/shm', constants.W_OK);
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= 4 * 1024 ** 3) return '/dev/shm';
  } catch {
    // no /dev/shm here
  }
  return os.tmpdir();
}
const scratch = mkdtempSync(path.join(scratchRoot(), 'signpost-npm-test-'));
process.env.TMPDIR = scratch;

const slug = (name) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

/** Runs one step; resolves to true when it exits 0. Never rejects. */
function step(name, cmd, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${name}: started ===`);
  const log = createWriteStream(path.join(out, `${slug(name)}.log`));
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const prefix = serial ? '' : `[${name}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        log.write(chunk);
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`));
    }
    const done = (code) => {
      log.end();
      const seconds = (Date.now() - t0) / 1000;
      durations.push({ name, seconds, ok: code === 0 });
      console.log(
        `=== ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s ===`,
      );
      if (code !== 0) failures.push(name);
      resolve(code === 0);
    };
    child.on('error', (err) => {
      console.log(`${prefix}${err.message}`);
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

async function vitest(name, project, env = {}, filters = []) {
  const file = path.join(out, `${slug(name)}.json`);
  const ok = await step(
    name,
    bin('vitest'),
    [
      'run',
      '--project',
      project,
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${file}`,
      ...filters,
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

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const e2eBuild = path.join(root, '.next-e2e');
/** Settles once the e2e build is there (or will not be made): the bench smoke reads it. */
let buildSettled;
const buildDone = new Promise((resolve) => (buildSettled = resolve));

async function e2e() {
  try {
    await buildAndE2e();
  } finally {
    buildSettled();
  }
}

async function buildAndE2e() {
  if (!existsSync(chromium)) {
    const msg = `e2e skipped: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`;
    if (process.env.CI) {
      failures.push('e2e (no Chromium)');
      totals.failed += 1;
    }
    notes.push(msg);
    return;
  }
  // A build of its own, so a running `npm start` on .next is left alone.
  const built = existsSync(path.join(e2eBuild, 'BUILD_ID'));
  if (!(process.env.SKIP_BUILD === '1' && built)) {
    const ok = await step('build', bin('next'), ['build'], { NEXT_DIST_DIR: '.next-e2e' });
    if (!ok) totals.failed += 1;
  }
  buildSettled();
  const file = path.join(out, 'e2e.json');
  const ok = await step('e2e', bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    CHROMIUM_PATH: chromium,
    NEXT_DIST_DIR: '.next-e2e',
  });
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    if (!ok && s.unexpected === 0) totals.failed += 1;
  } else if (!ok) totals.failed += 1;
}

const typecheck = async () => {
  if (!(await step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'])))
    totals.failed += 1;
};
const lint = async () => {
  if (!(await step('lint', 'npm', ['run', '--silent', 'lint']))) totals.failed += 1;
};
// The PostgreSQL pass runs what the relational database can change: the integration tests in
// tests/server/, without their ClickHouse (chdb) variants (TEST_SKIP_CHDB). The tests beside the
// server's files (server/**) use no relational database, or PGlite by name; they and the chdb
// variants test the same code whichever database is behind, and the PGlite pass runs them.
const serverOnPostgres = async () => {
  if (process.env.TEST_DATABASE_URL)
    await vitest('server (PostgreSQL)', 'server', { TEST_SKIP_CHDB: '1' }, ['tests/server/']);
  else notes.push('server suite on PostgreSQL skipped: TEST_DATABASE_URL is not set');
  if (!process.env.TEST_REDIS_URL)
    notes.push('multi-node realtime test skipped: TEST_REDIS_URL is not set');
};
// Every bench runs to its end on small data (scripts/bench-smoke.mjs): a bench that broke fails
// here instead of on the next person who measures. The e2e build serves route-weight, so the
// smoke waits for it.
const benchSmoke = async () => {
  await buildDone;
  const env = existsSync(path.join(e2eBuild, 'BUILD_ID')) ? { BENCH_NEXT_DIR: '.next-e2e' } : {};
  if (!(await step('bench smoke', process.execPath, ['scripts/bench.mjs', '--smoke'], env)))
    totals.failed += 1;
};

/**
 * The stages, in order; the steps of one stage run side by side. Paired are only steps that leave
 * each other room on two cores: typecheck and lint are one thread each; e2e mostly waits on the
 * browser and the server, and the PostgreSQL pass of the server suite does most of its work in
 * the PostgreSQL server (measured together: 181 s, against 117 + 155 s one after the other).
 * The bench smoke (one bench at a time, about one core) follows the PostgreSQL pass beside the
 * rest of e2e: the pass (~380 s) ends well before e2e (~600 s), and the smoke alone took 360 s
 * at the end of the run. The PGlite pass keeps 1.4 of the 2 cores busy on average: typecheck and
 * lint run beside it (measured: 458 s alone, 533 s with them, which had a stage of 142 s). The
 * unit suite (two workers) runs alone. `TEST_SERIAL=1` runs every step on its own.
 */
const stages = [
  [() => vitest('unit', 'unit')],
  [() => vitest('server (PGlite)', 'server', { TEST_DATABASE_URL: '' }), typecheck, lint],
  [
    e2e,
    async () => {
      await serverOnPostgres();
      await benchSmoke();
    },
  ],
];
for (const stage of stages) {
  if (serial) for (const run of stage) await run();
  else await Promise.all(stage.map((run) => run()));
}
rmSync(scratch, { recursive: true, force: true });

console.log('\n=== step durations ===');
for (const d of durations)
  console.log(`${d.ok ? '  ' : '✗ '}${d.name.padEnd(22)} ${d.seconds.toFixed(0).padStart(5)} s`);
console.log(
  `${'total (wall)'.padEnd(24)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`,
);
console.log('\n=== summary ===');
for (const n of notes) console.log(`note: ${n}`);
if (failures.length) console.log(`failed steps: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
