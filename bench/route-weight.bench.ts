/**
 * First-load JavaScript of every dashboard route, from a production build: the scripts each
 * prerendered page names (what Chromium downloads before the page can show anything), gzip -9,
 * against the budget of 200 KB per route. Code loaded on demand (the report charts, the flow
 * editor's canvas, the rich-text editor, Stripe.js, the realtime client, feature flags) is listed
 * separately, each library named by a string its chunk contains. The report routes must all be
 * measured, and the chart library (uPlot, docs/adr/0014-report-charts.md) must be in no route's
 * first load.
 * Builds into `.next-bench` unless `BENCH_NEXT_DIR` names an existing build. Writes
 * bench/results/route-weight.json; exits 1 when a route is over budget, a test-only module
 * (the mock API) is in a production chunk, the chart library is in a first load, or a report
 * route has a page but no prerendered HTML to measure. With a build made with
 * `NEXT_SOURCE_MAPS=1`, the heaviest packages of the shared first load are listed too.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { writeResult } from './lib/results';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const distDir = process.env.BENCH_NEXT_DIR ?? '.next-bench';
const dist = path.join(root, distDir);

/**
 * Code that must arrive on demand, recognised by a string that survives minification. `only`:
 * the bench fails when it is in a route's first load.
 */
const ON_DEMAND = [
  { name: 'report charts: uPlot', mark: /dppxchange/, only: true },
  { name: 'report charts: TrendChart', mark: /signpost-uplot/, only: true },
  { name: 'flow editor canvas (@xyflow/react)', mark: /react-flow__pane/, only: false },
  { name: 'rich-text editor (Tiptap)', mark: /ProseMirror/, only: false },
  { name: 'Stripe.js loader', mark: /https:\/\/js\.stripe\.com/, only: false },
  { name: 'realtime client (Socket.IO)', mark: /"\/socket\.io"/, only: false },
  { name: 'feature flags (GrowthBook)', mark: /cdn\.growthbook\.io/, only: false },
] as const;

/** Routes that must be in the table once their page exists (a page that is not prerendered would escape the budget). */
const REQUIRED_ROUTES = [
  '/reports',
  '/reports/list',
  '/reports/dashboard',
  '/reports/create',
  '/reports/[id]',
  '/reports/[id]/edit',
];

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
      const route =
        `/${path.relative(pagesDir, file).replace(/\.html$/, '')}`.replace(/\/index$/, '') || '/';
      const scripts = [
        ...readFileSync(file, 'utf8').matchAll(/<script[^>]*src="\/_next\/([^"]+)"/g),
      ]
        .map((m) => m[1]!)
        .filter((rel) => existsSync(path.join(dist, rel)));
      scripts.forEach((s) => firstLoad.add(s));
      const bytes = scripts.reduce((sum, s) => sum + size(s), 0);
      return {
        route,
        bytes,
        scripts: scripts.length,
        files: scripts,
        within: bytes <= BUDGET_BYTES,
      };
    })
    .filter((r) => !['/500', '/_error'].includes(r.route))
    .sort((a, b) => b.bytes - a.bytes);

  const chunksDir = path.join(dist, 'static/chunks');
  const text = new Map<string, string>();
  const source = (rel: string) => {
    let t = text.get(rel);
    if (t === undefined) {
      t = readFileSync(path.join(dist, rel), 'utf8');
      text.set(rel, t);
    }
    return t;
  };
  const libraries = (rel: string) =>
    ON_DEMAND.filter((l) => l.mark.test(source(rel))).map((l) => l.name);
  const onDemand = readdirSync(chunksDir)
    .filter((f) => f.endsWith('.js') && !firstLoad.has(`static/chunks/${f}`))
    .map((f) => ({
      chunk: f,
      bytes: size(`static/chunks/${f}`),
      libraries: libraries(`static/chunks/${f}`),
    }))
    .sort((a, b) => b.bytes - a.bytes);
  // Libraries that must never be in a route's first load (the chart library above all).
  const inFirstLoad = routes.flatMap((r) =>
    r.files
      .flatMap((rel) => ON_DEMAND.filter((l) => l.only && l.mark.test(source(rel))))
      .map((l) => `${l.name} on ${r.route}`),
  );
  const measured = new Set(routes.map((r) => r.route));
  const pageExists = (route: string) =>
    [`pages${route}.tsx`, `pages${route}/index.tsx`].some((f) => existsSync(path.join(root, f)));
  const unmeasured = REQUIRED_ROUTES.filter((r) => !measured.has(r) && pageExists(r));
  const notYet = REQUIRED_ROUTES.filter((r) => !measured.has(r) && !pageExists(r));
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
  for (const lib of ON_DEMAND) {
    const chunks = onDemand.filter((c) => c.libraries.includes(lib.name));
    if (chunks.length)
      console.log(
        `  ${lib.name.padEnd(43)} ${kb(chunks.reduce((n, c) => n + c.bytes, 0)).padStart(10)}   ${chunks.map((c) => c.chunk).join(', ')}`,
      );
  }
  console.log(`on demand only, found in a first load: ${inFirstLoad.join('; ') || 'none'}`);
  if (notYet.length) console.log(`report routes without a page yet: ${notYet.join(', ')}`);
  console.log(`report routes with a page but not measured: ${unmeasured.join(', ') || 'none'}`);
  console.log(
    `test-only code in production chunks: ${testOnly.length ? testOnly.join(', ') : 'none'}`,
  );
  const heaviest = routes[0]!;
  console.log(
    `heaviest route ${heaviest.route}: ${kb(heaviest.bytes)} = ${(heaviest.bytes / BUDGET_BYTES).toFixed(2)}× the budget`,
  );

  writeResult('route-weight', {
    bench: 'route-weight',
    budget_bytes: BUDGET_BYTES,
    routes: routes.map(({ files: _files, ...r }) => r),
    onDemand,
    inFirstLoad,
    unmeasured,
    testOnly,
  });
  if (routes.some((r) => !r.within) || testOnly.length || inFirstLoad.length || unmeasured.length)
    process.exit(1);
}

main();
