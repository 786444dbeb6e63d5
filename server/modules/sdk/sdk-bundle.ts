import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

const sdkDir = fileURLToPath(new URL('../../../sdk/', import.meta.url));

/**
 * Entry points: the IIFE installs `window.signpost` (`/sdk.js`); the ESM build exports the typed
 * API; the tours bundle (`/sdk-tours.js`) plays product tours, loaded by sdk.js on demand; the
 * builder bundle (`/sdk-builder.js`) picks elements and previews tours on the customer's site,
 * loaded by the install snippet only for a marketer's builder session (docs/builder.md).
 */
export const SDK_ENTRIES = {
  iife: `${sdkDir}src/browser.ts`,
  esm: `${sdkDir}src/index.ts`,
  tours: `${sdkDir}src/tours/index.ts`,
  builder: `${sdkDir}src/builder/index.ts`,
} as const;

export type SdkBundle = keyof typeof SDK_ENTRIES;

/** The global the builder IIFE assigns its exports to (`sdk/src/builder/index.ts`). */
export const BUILDER_GLOBAL = 'signpostBuilder';

/**
 * esbuild options of one SDK build, shared by the server (in memory) and `npm run build:sdk`.
 * es2020 keeps `?.` and `??` native (every browser of the last four years) and the file small.
 */
export function sdkBuildOptions(bundle: SdkBundle): BuildOptions {
  return {
    entryPoints: [SDK_ENTRIES[bundle]],
    bundle: true,
    format: bundle === 'esm' ? 'esm' : 'iife',
    ...(bundle === 'builder' && { globalName: BUILDER_GLOBAL }),
    platform: 'browser',
    target: 'es2020',
    minify: bundle !== 'esm',
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
  };
}

/** Builds one SDK bundle in memory and returns its JavaScript (the IIFE for `/sdk.js` by default). */
export async function buildSdkBundle(bundle: SdkBundle = 'iife'): Promise<string> {
  const result = await build({ ...sdkBuildOptions(bundle), write: false, outdir: 'out' });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no SDK output');
  return file.text;
}
