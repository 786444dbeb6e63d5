/**
 * The builder bundle (`/sdk-builder.js`, esbuild IIFE with `globalName: 'signpostBuilder'`).
 * sdk.js loads it only after trading the launch code for a builder token (or finding one alive
 * in sessionStorage) and calls `start(host)`. Visitors' pages never load it. docs/builder.md.
 */
import { readSession } from './api';
import { openPicker } from './picker';
import { startPreview } from './preview';

/**
 * Opens the picker or the preview the stored session is for; once per page, also when the
 * bundle was evaluated twice (its host is in the page).
 */
export function start(host: string): void {
  try {
    const session = readSession();
    if (!session || document.querySelector('[data-signpost-builder]')) return;
    if (session.mode === 'preview') startPreview({ host, session });
    else openPicker({ host, session });
  } catch (err) {
    console.warn('[signpost] builder', err);
  }
}
