import { describe, expect, it } from 'vitest';
import { SNIPPET_METHODS, trackingSnippet } from './sdk-snippet';

type Stub = { q: [string, unknown[]][] } & Record<string, unknown>;

/** Runs the snippet's inline script as a browser would: bare names resolve on `win`. */
function runInline(snippet: string, win: { signpost?: unknown } = {}): { signpost?: Stub } {
  const inline = /<script>([\s\S]*)<\/script>$/.exec(snippet)?.[1];
  if (!inline) throw new Error('no inline script');
  new Function('window', `with (window) { ${inline} }`)(win);
  return win as { signpost?: Stub };
}

describe('trackingSnippet', () => {
  const snippet = trackingSnippet({ host: 'https://signpost.example.com/', writeKey: 'wk_abc' });

  it('is two lines: the async SDK script, then the stub and init', () => {
    const lines = snippet.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('<script async src="https://signpost.example.com/sdk.js"></script>');
    expect(lines[1]).toMatch(/^<script>.*<\/script>$/);
    expect(lines[1]).toContain(
      'signpost.init({writeKey:"wk_abc",host:"https://signpost.example.com"})',
    );
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
