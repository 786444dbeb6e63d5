/**
 * The builder bundle (`/sdk-builder.js`, esbuild IIFE with `globalName: 'signpostBuilder'`).
 * The install snippet loads it only for a marketer's builder session (a launch code in the
 * address, or a session stored by an earlier page of the tab); it starts itself with the origin
 * it was loaded from as the API host. Visitors' pages never load it. docs/builder.md.
 */
import { launch, start } from './launch';

export { start };

/** The origin of the script being run, or undefined (not a script with a src: tests, ESM). */
function ownOrigin(): string | undefined {
  try {
    const src = (document.currentScript as HTMLScriptElement | null)?.src;
    return src ? new URL(src).origin : undefined;
  } catch {
    return undefined;
  }
}

const host = ownOrigin();
if (host) launch(host);
