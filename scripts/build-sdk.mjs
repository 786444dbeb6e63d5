#!/usr/bin/env node
// `npm run build:sdk`: writes sdk/dist/signpost.js (minified IIFE, the file /sdk.js serves),
// sdk/dist/signpost-tours.js (the tours bundle, the file /sdk-tours.js serves),
// sdk/dist/signpost-builder.js (the builder bundle, the file /sdk-builder.js serves), sdk/dist/signpost.mjs
// (ESM for bundlers) and sdk/dist/index.d.ts (+ the declarations it imports).
// The server builds the same IIFEs in memory at start; the esbuild options live in one place.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(new URL('..', import.meta.url).pathname);
const dist = path.join(root, 'sdk', 'dist');
const { buildSdkBundle } = await tsImport('../server/modules/sdk/sdk-bundle.ts', import.meta.url);

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
const outputs = {
  'signpost.js': await buildSdkBundle('iife'),
  'signpost-tours.js': await buildSdkBundle('tours'),
  'signpost-builder.js': await buildSdkBundle('builder'),
  'signpost.mjs': await buildSdkBundle('esm'),
};
for (const [name, code] of Object.entries(outputs)) writeFileSync(path.join(dist, name), code);

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const types = spawnSync(process.execPath, [tsc, '-p', 'sdk/tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});
if (types.status !== 0) process.exit(types.status ?? 1);

for (const [name, code] of Object.entries(outputs))
  console.log(
    `sdk/dist/${name}: ${code.length} bytes, ${gzipSync(code, { level: 9 }).length} gzip`,
  );
console.log('sdk/dist/index.d.ts: type declarations');
