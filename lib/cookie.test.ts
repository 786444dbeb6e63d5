import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookie';

describe('cookies', () => {
  it('serialises with max-age, path and SameSite', () => {
    expect(serializeCookie('sidebar:minimized', 'true', { maxAgeSeconds: 604800 })).toBe(
      'sidebar:minimized=true; max-age=604800; path=/; SameSite=Lax',
    );
  });

  it('reads a cookie back by its name', () => {
    const header = 'a=1; sidebar:minimized=false; b=x%3Dy';
    expect(readCookie(header, 'sidebar:minimized')).toBe('false');
    expect(readCookie(header, 'b')).toBe('x=y');
    expect(readCookie(header, 'missing')).toBeNull();
  });

  it('refuses names that would break the header', () => {
    expect(() => serializeCookie('a;b', '1')).toThrow();
    expect(() => serializeCookie('a=b', '1')).toThrow();
  });
});
