#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts in turn; each prints ratios and writes JSON.
// `npm run bench -- <name>` runs the benches whose file name contains <name>;
// `npm run bench -- --smoke` runs every bench on small data with no verdict (what CI runs:
// scripts/bench-smoke.mjs).
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(new URL('..', import.meta.url).pathname);
if (process.argv.includes('--smoke')) {
  const res = spawnSync(process.execPath, [path.join(root, 'scripts', 'bench-smoke.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(res.status ?? 1);
}
const only = process.argv[2];
const files = readdirSync(path.join(root, 'bench')).filter(
  (f) => f.endsWith('.bench.ts') && (!only || f.includes(only)),
);
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', f)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
