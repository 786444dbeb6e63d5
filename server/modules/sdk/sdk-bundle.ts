import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

const sdkDir = fileURLToPath(new URL('../../../sdk/', import.meta.url));

/** Entry points: the IIFE installs `window.signpost`; the ESM build exports the typed API. */
export const SDK_ENTRIES = {
  iife: `${sdkDir}src/browser.ts`,
  esm: `${sdkDir}src/index.ts`,
} as const;

export type SdkFormat = keyof typeof SDK_ENTRIES;

/**
 * esbuild options of one SDK build, shared by the server (in memory) and `npm run build:sdk`.
 * es2020 keeps `?.` and `??` native (every browser of the last four years) and the file small.
 */
export function sdkBuildOptions(format: SdkFormat): BuildOptions {
  return {
    entryPoints: [SDK_ENTRIES[format]],
    bundle: true,
    format,
    platform: 'browser',
    target: 'es2020',
    minify: format === 'iife',
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
  };
}

/** Builds one SDK bundle in memory and returns its JavaScript (the IIFE for `/sdk.js` by default). */
export async function buildSdkBundle(format: SdkFormat = 'iife'): Promise<string> {
  const result = await build({ ...sdkBuildOptions(format), write: false, outdir: 'out' });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no SDK output');
  return file.text;
}
