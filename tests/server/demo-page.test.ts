import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { trackingSnippet } from '@/lib/sdk-snippet';
import { DEMO_ACCOUNT_EMAIL } from '@/lib/demo';
import { createAccount, setupTestApp, type TestAccount } from './helpers';

/** The demo shop served by the product itself (docs/builder.md, "Try it on the demo page"). */
const app = setupTestApp();
/** The account seed:demo creates: the only one whose products the demo page shows. */
let t: TestAccount;
/** Any other account. */
let other: TestAccount;
beforeAll(async () => {
  t = await createAccount(app.app, { email: DEMO_ACCOUNT_EMAIL });
  other = await createAccount(app.app);
});
const HOST = 'http://localhost:3000';

const get = (url: string) => app.app.inject({ method: 'GET', url });
const scriptSrc = (csp: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '))!;

describe('demo page', () => {
  it("refuses another account's key with a 404: nobody else's tours play on the product's origin", async () => {
    for (const url of [`/demo/pricing?key=${other.writeKey}`, `/demo?key=${other.writeKey}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(other.writeKey);
      expect(res.body).not.toContain('<script');
    }
  });

  it('serves the pricing page with #plans and the install snippet of the given key', async () => {
    const res = await get(`/demo/pricing?key=${t.writeKey}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/<section id="plans" data-signpost="plans"/);
    expect(res.body).toContain('id="start-trial"');
    expect(res.body).toMatch(/demo page served by Signpost/);
    // The snippet as the dashboard shows it, its inline script carrying the page's nonce.
    const snippet = trackingSnippet({ host: HOST, writeKey: t.writeKey });
    const inline = /^<script>([\s\S]*?)<\/script>/.exec(snippet)![1]!;
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
    expect(res.body).toContain(`<script nonce="${nonce}">${inline}</script>`);
    expect(res.body).toContain(`<script async src="${HOST}/sdk.js"></script>`);
    expect(res.body).toContain(`writeKey:"${t.writeKey}"`);
  });

  it('allows its inline snippet by a fresh nonce, never by unsafe-inline', async () => {
    const [a, b] = await Promise.all([
      get(`/demo/pricing?key=${t.writeKey}`),
      get(`/demo/pricing?key=${t.writeKey}`),
    ]);
    const csp = String(a.headers['content-security-policy']);
    const scripts = scriptSrc(csp);
    expect(scripts).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(scripts).toContain(HOST);
    expect(scripts).not.toContain('unsafe-inline');
    expect(scripts).not.toContain('unsafe-eval');
    expect(csp).toMatch(/connect-src 'self' http:\/\/localhost:3000/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(scriptSrc(String(b.headers['content-security-policy']))).not.toBe(scripts);
    // Only the one inline script, and it carries the nonce.
    const inline = [...a.body.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline).toHaveLength(1);
    expect(inline[0]).toContain('nonce=');
    // The hash of the inline body is the same whatever the nonce: the snippet is the product's.
    const body = (html: string) => /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const sha = (s: string) => createHash('sha256').update(s).digest('base64');
    expect(sha(body(a.body))).toBe(sha(body(b.body)));
  });

  it('serves the home page linking to pricing with the same key', async () => {
    const res = await get(`/demo?key=${t.writeKey}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(`href="/demo/pricing?key=${t.writeKey}"`);
    expect(res.body).not.toContain('id="plans"');
  });

  it.each([
    ['no key', '/demo/pricing'],
    ['an empty key', '/demo/pricing?key='],
    ['a key of another shape', '/demo/pricing?key=sk_abcdefghijklmnopqrstuvwx'],
    ['a short key', '/demo/pricing?key=wk_abc'],
    ['markup', `/demo/pricing?key=${encodeURIComponent('wk_"><script>alert(1)</script>')}`],
    ['a script end', `/demo?key=${encodeURIComponent('wk_aaaaaaaaaaaaaaaaaaaa</script>')}`],
    ['two keys', '/demo/pricing?key=wk_aaaaaaaaaaaaaaaaaaaaaaaa&key=wk_bbbbbbbbbbbbbbbbbbbbbbbb'],
  ])('answers 400 to %s, without reflecting it', async (_name, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ status: 400, code: 'demo_bad_key' });
    expect(res.body).not.toContain('<script');
    expect(res.body).not.toContain('alert');
  });

  it('never reflects anything of the address but the checked key', async () => {
    const res = await get(
      `/demo/pricing?key=${t.writeKey}&q=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('onerror');
    expect(res.body).not.toContain('<img');
  });
});
