import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BUILDER_CODE_STORAGE_KEY,
  BUILDER_PAGE_KEY_STORAGE_KEY,
  BUILDER_STORAGE_KEY,
} from './contracts/builder-constants';
import { SNIPPET_METHODS, trackingSnippet } from './sdk-snippet';

type Stub = { q: [string, unknown[]][] } & Record<string, unknown>;

/** Runs the snippet's inline script as a browser would: bare names resolve on `win`. */
function runInline(snippet: string, win: { signpost?: unknown } = {}): { signpost?: Stub } {
  const inline = /^<script>([\s\S]*?)<\/script>/.exec(snippet)?.[1];
  if (!inline) throw new Error('no inline script');
  new Function('window', `with (window) { ${inline} }`)(win);
  return win as { signpost?: Stub };
}

describe('trackingSnippet', () => {
  const snippet = trackingSnippet({ host: 'https://signpost.example.com/', writeKey: 'wk_abc' });

  it('is two lines: the inline builder launch, stub and init, then the async SDK script', () => {
    const lines = snippet.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^<script>.*<\/script>$/);
    expect(lines[0]).toContain(
      'signpost.init({writeKey:"wk_abc",host:"https://signpost.example.com"})',
    );
    expect(lines[1]).toBe('<script async src="https://signpost.example.com/sdk.js"></script>');
  });

  it('queues calls in a stub until the SDK replaces it', () => {
    const win = runInline(snippet);
    const stub = win.signpost!;
    for (const m of SNIPPET_METHODS) expect(typeof stub[m]).toBe('function');
    (stub.track as (...a: unknown[]) => void)('Clicked', { id: 1 });
    expect(stub.q).toEqual([
      ['init', [{ writeKey: 'wk_abc', host: 'https://signpost.example.com' }]],
      ['track', ['Clicked', { id: 1 }]],
    ]);
  });

  it('keeps the real API when sdk.js ran first', () => {
    const calls: unknown[] = [];
    const real = { init: (o: unknown) => calls.push(o), track: () => {} };
    const win = runInline(snippet, { signpost: real });
    expect(win.signpost).toBe(real);
    expect(calls).toEqual([{ writeKey: 'wk_abc', host: 'https://signpost.example.com' }]);
  });

  it('cannot be broken out of by a hostile key', () => {
    const evil = trackingSnippet({
      host: 'https://x.example.com',
      writeKey: '"</script><script>alert(1)</script>\u2028',
    });
    expect(evil.match(/<\/script>/g)).toHaveLength(2);
    expect(evil).not.toContain('\u2028');
    const win = runInline(evil);
    expect(win.signpost!.q[0][1]).toEqual([
      { writeKey: '"</script><script>alert(1)</script>\u2028', host: 'https://x.example.com' },
    ]);
  });

  it('uses only the origin of the host and refuses non-http hosts', () => {
    expect(trackingSnippet({ host: 'http://localhost:3000/brands?x=1', writeKey: 'k' })).toContain(
      'src="http://localhost:3000/sdk.js"',
    );
    expect(() => trackingSnippet({ host: 'javascript:alert(1)', writeKey: 'k' })).toThrow();
    expect(() => trackingSnippet({ host: 'not a url', writeKey: 'k' })).toThrow();
  });
});

/** The builder's launch, the first thing the snippet runs (docs/builder.md, "Launch"). */
describe('trackingSnippet: the builder launch', () => {
  const HOST = 'https://signpost.example.com';
  const snippet = trackingSnippet({ host: HOST, writeKey: 'wk_abc' });
  const inline = /^<script>([\s\S]*?)<\/script>/.exec(snippet)![1];
  const win = window as unknown as { signpost?: unknown };

  const builderScripts = () =>
    Array.from(document.querySelectorAll('script')).filter((s) =>
      s.src.endsWith('/sdk-builder.js'),
    );
  /** Runs the inline script in the page, as the browser does when it parses the snippet. */
  const run = () => new Function(inline)();

  beforeEach(() => {
    history.replaceState({ app: 'state' }, '', '/pricing?plan=pro');
    sessionStorage.clear();
  });
  afterEach(() => {
    for (const script of builderScripts()) script.remove();
    delete win.signpost;
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('runs before sdk.js and any later script: first in the snippet, first in its script', () => {
    expect(snippet.indexOf('<script>')).toBe(0);
    expect(snippet.indexOf('/sdk.js')).toBeGreaterThan(snippet.indexOf('</script>'));
    expect(inline.indexOf('replaceState')).toBeLessThan(inline.indexOf('signpost=w.signpost'));
    expect(inline.indexOf('replaceState')).toBeLessThan(inline.indexOf('signpost.init'));
  });

  it('removes the fragment at once, keeping path, query and state, stores the code, then loads sdk-builder.js', () => {
    history.replaceState({ app: 'state' }, '', '/pricing?plan=pro#signpost-builder=c0de-1');
    const replace = vi.spyOn(history, 'replaceState');
    const append = vi.spyOn(document.head, 'appendChild');
    run();

    expect(location.hash).toBe('');
    expect(location.pathname + location.search).toBe('/pricing?plan=pro');
    expect(history.state).toEqual({ app: 'state' });
    expect(replace).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(BUILDER_CODE_STORAGE_KEY)).toBe('c0de-1');
    // With the page's write key, which the exchange checks against the session's product.
    expect(sessionStorage.getItem(BUILDER_PAGE_KEY_STORAGE_KEY)).toBe('wk_abc');
    expect(builderScripts().map((s) => s.src)).toEqual([`${HOST}/sdk-builder.js`]);
    expect(builderScripts()[0].async).toBe(true);
    // The address is clean before the script is even requested.
    expect(replace.mock.invocationCallOrder[0]).toBeLessThan(append.mock.invocationCallOrder[0]);
    // The stub still queues the init after it.
    expect((win.signpost as { q: unknown[] }).q).toHaveLength(1);
  });

  it('loads sdk-builder.js on a later page of the tab: a stored session or a stored code', () => {
    sessionStorage.setItem(BUILDER_STORAGE_KEY, '{"token":"bt_secret"}');
    const replace = vi.spyOn(history, 'replaceState');
    run();
    expect(builderScripts()).toHaveLength(1);
    expect(replace).not.toHaveBeenCalled();

    builderScripts()[0].remove();
    sessionStorage.clear();
    sessionStorage.setItem(BUILDER_CODE_STORAGE_KEY, 'c0de-1');
    run();
    expect(builderScripts()).toHaveLength(1);
  });

  it('on a normal page does nothing: no script, no storage, no history change', () => {
    const replace = vi.spyOn(history, 'replaceState');
    const append = vi.spyOn(document.head, 'appendChild');
    const create = vi.spyOn(document, 'createElement');
    run();
    expect(replace).not.toHaveBeenCalled();
    expect(append).not.toHaveBeenCalled();
    expect(create).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
    expect(location.pathname + location.search).toBe('/pricing?plan=pro');
  });

  it('ignores a fragment that only mentions the key', () => {
    history.replaceState(null, '', '/docs#section-signpost-builder=x');
    run();
    expect(location.hash).toBe('#section-signpost-builder=x');
    expect(builderScripts()).toHaveLength(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('when storage throws, loads nothing and still installs the stub', () => {
    history.replaceState(null, '', '/#signpost-builder=c0de-1');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    run();
    expect(builderScripts()).toHaveLength(0);
    expect((win.signpost as { q: unknown[] }).q).toHaveLength(1);
  });
});
