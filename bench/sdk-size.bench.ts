/**
 * SDK size against the tour libraries the budget is stated in (docs/architecture.md#7-browser-sdk), all built in
 * this run the same way: esbuild bundle, minified, IIFE. Prints gzip and brotli bytes and the
 * ratios; writes bench/results/sdk-size.json. Fails when the tracking SDK (`/sdk.js`) is over
 * 4 KB gzip, when it and the tours bundle (`/sdk-tours.js`) together are over 12 KB gzip, or when
 * the builder bundle (`/sdk-builder.js`, loaded only in a marketer's builder session, never on
 * visitors' pages; docs/builder.md) is over its own 20 KB gzip.
 */
import { readFileSync } from 'node:fs';
import { writeResult } from './lib/results';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { buildSdkBundle } from '../server/modules/sdk/sdk-bundle';

const BUDGET_GZIP_BYTES = 4 * 1024;
/** sdk.js plus the tours bundle a page with a tour loads. */
const BUDGET_WITH_TOURS_GZIP_BYTES = 12 * 1024;
/** The builder bundle (picker, preview on site), on its own: it never loads with the tours. */
const BUDGET_BUILDER_GZIP_BYTES = 20 * 1024;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** Package folders read directly: neither package exports its package.json or CSS paths. */
const pkgDir = (pkg: string) => path.join(root, 'node_modules', pkg);

interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

function measure(code: string | Buffer): Size {
  const buf = Buffer.from(code);
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** One minified browser IIFE, built the same way for every bundle compared. */
async function iife(entry: { stdin: string } | { file: string; globalName: string }) {
  const result = await build({
    ...('stdin' in entry
      ? { stdin: { contents: entry.stdin, resolveDir: root, loader: 'js' as const } }
      : { entryPoints: [entry.file], globalName: entry.globalName }),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    write: false,
  });
  return result.outputFiles[0]!.text;
}

/** Bundles what a page needs to use a library (its dependencies included), like our IIFE. */
const bundle = (contents: string) => iife({ stdin: contents });

const css = (pkg: string, file: string) => readFileSync(path.join(pkgDir(pkg), file));

async function main() {
  const version = (pkg: string) =>
    (
      JSON.parse(readFileSync(path.join(pkgDir(pkg), 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
  const ours = measure(await buildSdkBundle('iife'));
  // The tours bundle as /sdk-tours.js serves it: runtime, renderer, positioner and CSS.
  const tours = measure(await buildSdkBundle('tours'));
  // The builder bundle as /sdk-builder.js serves it: picker, target description, preview.
  const builder = measure(await buildSdkBundle('builder'));
  const add = (a: Size, b: Size): Size => ({
    raw: a.raw + b.raw,
    gzip: a.gzip + b.gzip,
    brotli: a.brotli + b.brotli,
  });
  const driver = measure(
    await bundle(`import { driver } from 'driver.js'; window.driver = driver;`),
  );
  const shepherd = measure(
    await bundle(`import Shepherd from 'shepherd.js'; window.Shepherd = Shepherd;`),
  );
  const driverCss = measure(css('driver.js', 'dist/driver.css'));
  const shepherdCss = measure(css('shepherd.js', 'dist/css/shepherd.css'));

  const ratio = (a: Size, b: Size) => ({ gzip: a.gzip / b.gzip, brotli: a.brotli / b.brotli });
  const withTours = add(ours, tours);
  const result = {
    bench: 'sdk-size',
    budget_gzip_bytes: BUDGET_GZIP_BYTES,
    signpost_sdk: ours,
    driver_js: { version: version('driver.js'), js: driver, css: driverCss },
    shepherd_js: { version: version('shepherd.js'), js: shepherd, css: shepherdCss },
    ratio_vs_driver_js: ratio(ours, driver),
    ratio_vs_shepherd_js: ratio(ours, shepherd),
    within_budget: ours.gzip <= BUDGET_GZIP_BYTES,
    budget_with_tours_gzip_bytes: BUDGET_WITH_TOURS_GZIP_BYTES,
    tours_bundle: tours,
    sdk_with_tours: withTours,
    within_budget_with_tours: withTours.gzip <= BUDGET_WITH_TOURS_GZIP_BYTES,
    // Tracking plus tours against shepherd.js with its CSS (our tours bundle carries its own CSS).
    sdk_with_tours_vs_shepherd_js_with_css: ratio(withTours, add(shepherd, shepherdCss)),
    budget_builder_gzip_bytes: BUDGET_BUILDER_GZIP_BYTES,
    builder_bundle: builder,
    within_budget_builder: builder.gzip <= BUDGET_BUILDER_GZIP_BYTES,
  };

  const row = (name: string, s: Size) =>
    console.log(
      `${name.padEnd(26)} ${String(s.raw).padStart(7)} B  ${String(s.gzip).padStart(6)} B gzip  ${String(s.brotli).padStart(6)} B br`,
    );
  row('signpost sdk.js', ours);
  row('signpost sdk-tours.js', tours);
  row('sdk.js + sdk-tours.js', withTours);
  row('signpost sdk-builder.js', builder);
  row(`driver.js ${result.driver_js.version} (js)`, driver);
  row(`driver.js (css)`, driverCss);
  row(`shepherd.js ${result.shepherd_js.version} (js)`, shepherd);
  row(`shepherd.js (css)`, shepherdCss);
  console.log(
    `ratio gzip: ${result.ratio_vs_driver_js.gzip.toFixed(3)}× driver.js, ` +
      `${result.ratio_vs_shepherd_js.gzip.toFixed(3)}× shepherd.js; ` +
      `brotli: ${result.ratio_vs_driver_js.brotli.toFixed(3)}× driver.js, ` +
      `${result.ratio_vs_shepherd_js.brotli.toFixed(3)}× shepherd.js`,
  );
  console.log(
    `sdk.js + sdk-tours.js: ${result.sdk_with_tours_vs_shepherd_js_with_css.gzip.toFixed(3)}× ` +
      `shepherd.js with its CSS (gzip)`,
  );
  console.log(
    `budget sdk.js: ${ours.gzip} of ${BUDGET_GZIP_BYTES} B gzip (${result.within_budget ? 'within' : 'OVER'})`,
  );
  console.log(
    `budget sdk.js + sdk-tours.js: ${withTours.gzip} of ${BUDGET_WITH_TOURS_GZIP_BYTES} B gzip ` +
      `(${result.within_budget_with_tours ? 'within' : 'OVER'})`,
  );

  console.log(
    `budget sdk-builder.js: ${builder.gzip} of ${BUDGET_BUILDER_GZIP_BYTES} B gzip ` +
      `(${result.within_budget_builder ? 'within' : 'OVER'})`,
  );

  writeResult('sdk-size', result);
  if (!result.within_budget || !result.within_budget_with_tours || !result.within_budget_builder)
    process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
