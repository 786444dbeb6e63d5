import {
  BUILDER_CODE_STORAGE_KEY,
  BUILDER_PAGE_KEY_STORAGE_KEY,
  BUILDER_STORAGE_KEY,
} from '../../../lib/contracts/builder-constants';
import { readSession } from './api';
import { openPicker } from './picker';
import { startPreview } from './preview';

/**
 * The builder's start in the page (docs/builder.md, "How a session runs"). The install snippet
 * has already taken the one-time code out of the address into sessionStorage, or found a session
 * of this tab, and loaded this bundle; every other page never loads it.
 */

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

/** Runs `fn` once the page's elements are parsed (the bundle may run while it still loads). */
function whenParsed(fn: () => void): void {
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', fn, { once: true });
  else fn();
}

/**
 * With a stored code: forgets it at once (it is used once), trades it with the page's write key
 * (the snippet stored both) at `POST {host}/v1/builder/exchange` for a builder token kept in sessionStorage, then starts; a
 * refused exchange starts nothing. Without a code: starts from the stored session, if alive.
 * Storage that throws: nothing happens.
 */
export function launch(host: string): void {
  let code: string | null;
  let writeKey: string | null;
  try {
    code = sessionStorage.getItem(BUILDER_CODE_STORAGE_KEY);
    writeKey = sessionStorage.getItem(BUILDER_PAGE_KEY_STORAGE_KEY);
    sessionStorage.removeItem(BUILDER_CODE_STORAGE_KEY);
    sessionStorage.removeItem(BUILDER_PAGE_KEY_STORAGE_KEY);
  } catch {
    return;
  }
  if (!code) return whenParsed(() => start(host));
  fetch(`${host}/v1/builder/exchange`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, write_key: writeKey }),
    credentials: 'omit',
  })
    .then((res) => res.json())
    .then((body: { data: { token: string } }) => {
      // A refusal has no data: reading its token throws, and nothing starts.
      if (!body.data.token) return;
      sessionStorage.setItem(BUILDER_STORAGE_KEY, JSON.stringify(body.data));
      whenParsed(() => start(host));
    })
    .catch(() => {});
}
