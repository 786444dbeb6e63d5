import { describe, expect, it } from 'vitest';
import { normaliseAllowedOrigin, originAllowed, trustedPageOrigin } from './sources';

describe('allowed origins', () => {
  it('accepts the domain, its subdomains and loopback; refuses other sites', () => {
    const ok = (origin: string, extra: string[] = []) =>
      originAllowed(origin, 'www.shop.example.com', extra);
    expect(ok('https://shop.example.com')).toBe(true);
    expect(ok('https://www.shop.example.com')).toBe(true);
    expect(ok('https://eu.app.shop.example.com:8443')).toBe(true);
    expect(ok('http://localhost:3000')).toBe(true);
    expect(ok('http://127.0.0.1:8080')).toBe(true);
    expect(ok('http://[::1]:8080')).toBe(true);
    expect(ok('https://evil.example')).toBe(false);
    expect(ok('https://shop.example.com.evil.example')).toBe(false);
    expect(ok('https://notshop.example.com')).toBe(false);
    expect(ok('null')).toBe(false);
    expect(ok('chrome-extension://abc')).toBe(false);
    // Extra entries: an exact origin, or a host on any scheme and port.
    expect(ok('https://partner.example', ['https://partner.example'])).toBe(true);
    expect(ok('http://partner.example', ['https://partner.example'])).toBe(false);
    expect(ok('http://partner.example:81', ['partner.example'])).toBe(true);
    expect(ok('https://sub.partner.example', ['partner.example'])).toBe(false);
  });

  it('normalises entries and refuses what is not an origin or host', () => {
    expect(normaliseAllowedOrigin(' HTTPS://App.Example.com/ ')).toBe('https://app.example.com');
    expect(normaliseAllowedOrigin('app.example.com')).toBe('app.example.com');
    expect(normaliseAllowedOrigin('localhost:8080')).toBe('localhost:8080');
    for (const bad of [
      'https://a.example/path',
      'ftp://a.example',
      '*.example.com',
      'not a host',
      '',
    ])
      expect(normaliseAllowedOrigin(bad)).toBeNull();
  });
});

describe('exact-origin matching of a page the builder opens', () => {
  // The product's domain is example.com; its owner lists one https origin and one bare host.
  const listed = ['https://partner.example', 'staging.example.net'];
  const table: [url: string, origin: string | null][] = [
    // the domain and its subdomains, on any scheme and port
    ['https://example.com/pricing', 'https://example.com'],
    ['https://app.example.com/settings?tab=1#top', 'https://app.example.com'],
    ['https://eu.app.example.com:8443/', 'https://eu.app.example.com:8443'],
    ['http://app.example.com/', 'http://app.example.com'],
    ['https://www.example.com/', 'https://www.example.com'],
    ['https://APP.Example.COM/', 'https://app.example.com'],
    // look-alikes of the domain
    ['https://app.example.com.evil.com/', null],
    ['https://example.co/', null],
    ['https://example.com.', null],
    ['https://notexample.com/', null],
    ['https://example.com@evil.com/', null],
    ['https://user:pass@app.example.com/', null],
    // a listed origin: that scheme, host and port only
    ['https://partner.example/tour', 'https://partner.example'],
    ['https://partner.example:443/', 'https://partner.example'],
    ['http://partner.example/', null],
    ['https://partner.example:8443/', null],
    ['https://eu.partner.example/', null],
    ['https://partner.example.evil.com/', null],
    // a listed bare host: any scheme and port, no subdomains
    ['http://staging.example.net:8080/', 'http://staging.example.net:8080'],
    ['https://staging.example.net/', 'https://staging.example.net'],
    ['https://x.staging.example.net/', null],
    // loopback, for trying on one's own machine
    ['http://localhost:3000/app', 'http://localhost:3000'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080'],
    ['http://[::1]:5173/', 'http://[::1]:5173'],
    ['http://shop.localhost:3000/', 'http://shop.localhost:3000'],
    ['http://localhost.evil.com/', null],
    // not a web page
    ['javascript:alert(1)', null],
    ['file:///etc/passwd', null],
    ['data:text/html,hi', null],
    ['ftp://example.com/', null],
    ['/pricing', null],
    ['not a url', null],
  ];
  it.each(table)('%s → %s', (url, origin) => {
    expect(trustedPageOrigin(url, 'example.com', listed)).toBe(origin);
  });

  it('reads a domain given with www. or a port as its host', () => {
    expect(trustedPageOrigin('https://app.example.com/', 'www.example.com', [])).toBe(
      'https://app.example.com',
    );
    expect(trustedPageOrigin('http://localhost:4000/', 'localhost:3000', [])).toBe(
      'http://localhost:4000',
    );
  });
});
