#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts in turn; each prints ratios and writes JSON.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(new URL('..', import.meta.url).pathname);
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
