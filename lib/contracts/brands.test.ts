import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { brandBody, isProductDomain } from './brands';

describe('a product domain (issue 30, point 7)', () => {
  it.each([
    'example.com',
    'shop.example.com:8443',
    'localhost',
    'localhost:3000',
    '127.0.0.1',
    '127.0.0.1:5173',
    '127.1.2.3:8080',
    '[::1]:8080',
  ])('accepts %s', (domain) => expect(isProductDomain(domain)).toBe(true));

  it.each([
    'not a domain',
    '',
    '10.0.0.1',
    '127.0.0.256',
    '[::2]',
    'localhost:0',
    'localhost:70000',
    'example',
  ])('refuses %s', (domain) => expect(isProductDomain(domain)).toBe(false));

  it('keeps the host and port of an address, and names what is allowed when refusing', () => {
    expect(brandBody.parse({ name: 'Local', domain: 'http://127.0.0.1:3000/app' }).domain).toBe(
      '127.0.0.1:3000',
    );
    const refused = brandBody.safeParse({ name: 'LAN', domain: '192.168.1.10' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]!.message).toBe(MESSAGES.field.domain);
    expect(MESSAGES.field.domain).toMatch(/example\.com.*localhost.*127\.0\.0\.1.*\[::1\].*port/);
  });
});
