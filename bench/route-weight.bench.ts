/**
 * First-load JavaScript of every dashboard route, from a production build: the scripts each
 * prerendered page names (what Chromium downloads before the page can show anything), gzip -9,
 * against the budget of 200 KB per route. Code loaded on demand (the flow editor's canvas, the
 * rich-text editor, Stripe.js, the realtime client, feature flags) is listed separately.
 * Builds into `.next-bench` unless `BENCH_NEXT_DIR` names an existing build. Writes
 * bench/results/route-weight.json; exits 1 when a route is over budget or a test-only module
 * (the mock API) is in a production chunk. With a build made with `NEXT_SOURCE_MAPS=1`, the
 * heaviest packages of the shared first load are listed too.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const distDir = process.env.BENCH_NEXT_DIR ?? '.next-bench';
const dist = path.join(root, distDir);

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return htmlFiles(p);
    return name.endsWith('.html') ? [p] : [];
  });
}

function main() {
  if (!process.env.BENCH_NEXT_DIR) {
    console.log(`building the dashboard into ${distDir} …`);
    execFileSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: root,
      env: { ...process.env, NEXT_DIST_DIR: distDir, NODE_ENV: 'production' },
      stdio: 'ignore',
    });
  }
  const pagesDir = path.join(dist, 'server/pages');
  const sizes = new Map<string, number>();
  const size = (rel: string) => {
    let n = sizes.get(rel);
    if (n === undefined) {
      n = gz(path.join(dist, rel));
      sizes.set(rel, n);
    }
    return n;
  };
  const firstLoad = new Set<string>();
  const routes = htmlFiles(pagesDir)
    .map((file) => {
      const route = `/${path.relative(pagesDir, file).replace(/\.html$/, '')}`.replace(
        /\/index$/,
        '/',
      );
      const scripts = [
        ...readFileSync(file, 'utf8').matchAll(/<script[^>]*src="\/_next\/([^"]+)"/g),
      ]
        .map((m) => m[1]!)
        .filter((rel) => existsSync(path.join(dist, rel)));
      scripts.forEach((s) => firstLoad.add(s));
      const bytes = scripts.reduce((sum, s) => sum + size(s), 0);
      return { route, bytes, scripts: scripts.length, within: bytes <= BUDGET_BYTES };
    })
    .filter((r) => !['/500', '/_error'].includes(r.route))
    .sort((a, b) => b.bytes - a.bytes);

  const chunksDir = path.join(dist, 'static/chunks');
  const onDemand = readdirSync(chunksDir)
    .filter((f) => f.endsWith('.js') && !firstLoad.has(`static/chunks/${f}`))
    .map((f) => ({ chunk: f, bytes: size(`static/chunks/${f}`) }))
    .sort((a, b) => b.bytes - a.bytes);
  // The mock API (msw, tests/mocks) must never reach a production chunk.
  const testOnly = readdirSync(chunksDir)
    .filter((f) => f.endsWith('.js'))
    .filter((f) =>
      /mockServiceWorker|setupWorker\(|\[MSW\]/.test(readFileSync(path.join(chunksDir, f), 'utf8')),
    );

  console.log(
    `route                                         first load   budget ${kb(BUDGET_BYTES)}`,
  );
  for (const r of routes)
    console.log(
      `${r.route.padEnd(45)} ${kb(r.bytes).padStart(10)}   ${r.within ? 'within' : 'OVER'}`,
    );
  console.log(
    `\nloaded on demand (largest): ${onDemand
      .slice(0, 6)
      .map((c) => kb(c.bytes))
      .join(', ')}`,
  );
  console.log(
    `test-only code in production chunks: ${testOnly.length ? testOnly.join(', ') : 'none'}`,
  );
  const heaviest = routes[0]!;
  console.log(
    `heaviest route ${heaviest.route}: ${kb(heaviest.bytes)} = ${(heaviest.bytes / BUDGET_BYTES).toFixed(2)}× the budget`,
  );

  const outDir = path.join(root, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, 'route-weight.json'),
    JSON.stringify(
      { bench: 'route-weight', budget_bytes: BUDGET_BYTES, routes, onDemand, testOnly },
      null,
      2,
    ),
  );
  if (routes.some((r) => !r.within) || testOnly.length) process.exit(1);
}

main();
