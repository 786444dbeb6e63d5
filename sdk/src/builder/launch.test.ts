import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackingSnippet } from '../../../lib/sdk-snippet';
import {
  BUILDER_CODE_STORAGE_KEY,
  BUILDER_PAGE_KEY_STORAGE_KEY,
  BUILDER_STORAGE_KEY,
} from '../../../lib/contracts/builder-constants';
import { aSession, HOST, resetBuilder, stubServer, type Answer } from './test-setup';

/**
 * The builder's start in sdk-builder.js (docs/builder.md, "How a session runs"), in jsdom; the
 * snippet's part (the fragment, the stored code, loading the bundle) is in lib/sdk-snippet.test.ts.
 */

/** A scripted server: the exchange answers `exchange()` once released; the rest 200. */
function fakeServer(exchange: () => Answer = () => ({ status: 200, body: { data: aSession() } })) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const server = stubServer(async ({ url }) => {
    if (!url.endsWith('/v1/builder/exchange')) return { status: 200, body: { data: null } };
    await gate;
    return exchange();
  });
  return { calls: server.calls, exchanges: () => server.to('/v1/builder/exchange'), release };
}

/** The picker's (or the preview's) host element, once the builder started. */
const builderUi = () => document.querySelectorAll('[data-signpost-builder]');

/** A fresh copy of the bundle, as a page load evaluates it: with a script src, it starts itself. */
async function loadBundle(src: string | null = `${HOST}/sdk-builder.js`) {
  vi.resetModules();
  Object.defineProperty(document, 'currentScript', {
    configurable: true,
    get: () => (src === null ? null : { src }),
  });
  return import('./index');
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

beforeEach(() => {
  history.replaceState(null, '', '/pricing?plan=pro');
  sessionStorage.clear();
});
afterEach(() => {
  delete (document as { currentScript?: unknown }).currentScript;
  resetBuilder();
});

describe('sdk-builder.js starting itself', () => {
  it('exchanges the stored code once on the host it was loaded from, stores the token, then opens the picker', async () => {
    sessionStorage.setItem(BUILDER_CODE_STORAGE_KEY, 'c0de-1');
    sessionStorage.setItem(BUILDER_PAGE_KEY_STORAGE_KEY, 'wk_page');
    const server = fakeServer();
    await loadBundle();

    expect(server.exchanges()).toHaveLength(1);
    const [exchange] = server.exchanges();
    expect(exchange.url).toBe(`${HOST}/v1/builder/exchange`);
    expect(exchange.init.method).toBe('POST');
    expect(exchange.init.credentials).toBe('omit');
    expect(JSON.parse(String(exchange.init.body))).toEqual({
      code: 'c0de-1',
      write_key: 'wk_page',
    });
    expect(sessionStorage.getItem(BUILDER_PAGE_KEY_STORAGE_KEY)).toBeNull();
    // The code is used once: forgotten at once, so a reload does not send it again.
    expect(sessionStorage.getItem(BUILDER_CODE_STORAGE_KEY)).toBeNull();
    expect(builderUi()).toHaveLength(0); // not before the answer

    server.release();
    await flush();
    const stored = JSON.parse(sessionStorage.getItem(BUILDER_STORAGE_KEY)!) as { token: string };
    expect(stored.token).toBe('bt_secret');
    expect(builderUi()).toHaveLength(1);
    expect(server.exchanges()).toHaveLength(1);
  });

  it('starts nothing when the exchange is refused', async () => {
    sessionStorage.setItem(BUILDER_CODE_STORAGE_KEY, 'used');
    const server = fakeServer(() => ({
      status: 401,
      body: { message: 'This link has expired.', status: 401, code: 'builder_code_invalid' },
    }));
    await loadBundle();
    server.release();
    await flush();
    expect(server.exchanges()).toHaveLength(1);
    expect(sessionStorage.getItem(BUILDER_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(BUILDER_CODE_STORAGE_KEY)).toBeNull();
    expect(builderUi()).toHaveLength(0);
  });

  it('resumes on a later page of the tab with the stored session, without an exchange', async () => {
    sessionStorage.setItem(BUILDER_STORAGE_KEY, JSON.stringify(aSession()));
    const server = fakeServer();
    await loadBundle();
    await flush();
    expect(server.exchanges()).toHaveLength(0);
    expect(builderUi()).toHaveLength(1);
  });

  it('removes an expired session and starts nothing', async () => {
    const expired = aSession({ expires_at: new Date(Date.now() - 1000).toISOString() });
    sessionStorage.setItem(BUILDER_STORAGE_KEY, JSON.stringify(expired));
    const server = fakeServer();
    await loadBundle();
    await flush();
    expect(server.calls).toHaveLength(0);
    expect(sessionStorage.getItem(BUILDER_STORAGE_KEY)).toBeNull();
    expect(builderUi()).toHaveLength(0);
  });

  it('waits for the page to be parsed before opening the picker', async () => {
    sessionStorage.setItem(BUILDER_STORAGE_KEY, JSON.stringify(aSession()));
    fakeServer();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    await loadBundle();
    expect(builderUi()).toHaveLength(0);
    readyState.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(builderUi()).toHaveLength(1);
  });

  it('does nothing without a script src (imported, not loaded by the snippet)', async () => {
    sessionStorage.setItem(BUILDER_CODE_STORAGE_KEY, 'c0de-1');
    const server = fakeServer();
    await loadBundle(null);
    await flush();
    expect(server.calls).toHaveLength(0);
    expect(sessionStorage.getItem(BUILDER_CODE_STORAGE_KEY)).toBe('c0de-1');
  });

  it("follows the install snippet: the code it takes from the address is exchanged with the snippet's write key", async () => {
    const snippet = trackingSnippet({ host: HOST, writeKey: 'wk_abc' });
    history.replaceState(null, '', '/pricing#signpost-builder=c0de-2');
    new Function(/^<script>([\s\S]*?)<\/script>/.exec(snippet)![1])();
    const loaded = Array.from(document.querySelectorAll('script')).find((s) =>
      s.src.endsWith('/sdk-builder.js'),
    )!;
    expect(location.hash).toBe('');
    const server = fakeServer();
    await loadBundle(loaded.src);
    loaded.remove();
    delete (window as { signpost?: unknown }).signpost;
    expect(server.exchanges().map((c) => JSON.parse(String(c.init.body)))).toEqual([
      { code: 'c0de-2', write_key: 'wk_abc' },
    ]);
    server.release();
    await flush();
    expect(builderUi()).toHaveLength(1);
  });
});
