import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { Page } from './fixtures';

/**
 * The tours renderer on a page string, with no server: `sdk/src/renderer/index.ts` bundled here
 * as `window.signpostFlows` and injected into a (hostile) page. Used by e2e/flow-renderer.spec.ts
 * and e2e/theme.spec.ts.
 */
const ENTRY = fileURLToPath(new URL('../sdk/src/renderer/index.ts', import.meta.url));

let bundle: Promise<string> | undefined;
/** The renderer bundle, built once per worker. */
const rendererBundle = () =>
  (bundle ??= build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'iife',
    globalName: 'signpostFlows',
    write: false,
  }).then((out) => out.outputFiles[0]!.text));

/** Opens `html` (1200 × 800) with the renderer loaded; the page errors are collected from then on. */
export async function openWithRenderer(page: Page, html: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.setContent(html);
  await page.addScriptTag({ content: await rendererBundle() });
  return errors;
}

/**
 * Plays `steps` with the renderer's `playTour`, in `theme` when given and in `#stage` when
 * `inStage`; `window.ended` gets the end reason (see `endReason`).
 */
export const playTour = (
  page: Page,
  steps: unknown[],
  opts: { inStage?: boolean; theme?: Record<string, unknown> } = {},
) =>
  page.evaluate(
    ({ steps, inStage, theme }) => {
      const w = window as unknown as {
        signpostFlows: { playTour(o: object): unknown };
        ended?: string;
      };
      w.signpostFlows.playTour({
        steps,
        theme,
        container: inStage ? document.getElementById('stage') : undefined,
        onEnd: (reason: string) => (w.ended = reason),
      });
    },
    { steps, inStage: opts.inStage ?? false, theme: opts.theme },
  );

/** How the tour played by `playTour` ended, once it has. */
export const endReason = (page: Page) => page.evaluate(() => (window as { ended?: string }).ended);
