import { describe, expect, it } from 'vitest';
import { normaliseAllowedOrigin, originAllowed } from './sources';

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
