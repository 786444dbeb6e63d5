import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-redirect';

describe('safeNextPath', () => {
  it('accepts same-origin relative paths', () => {
    expect(safeNextPath('/brands')).toBe('/brands');
    expect(safeNextPath('/reports/1?pid=2')).toBe('/reports/1?pid=2');
    expect(safeNextPath(['/profile', '/x'])).toBe('/profile');
  });

  it('rejects anything that could leave the site', () => {
    for (const bad of [
      '//evil.com',
      '/\\evil.com',
      'https://evil.com',
      'javascript:alert(1)',
      'brands',
      '',
      '/a\nb',
    ]) {
      expect(safeNextPath(bad)).toBeNull();
    }
    expect(safeNextPath(undefined)).toBeNull();
    expect(safeNextPath(42)).toBeNull();
  });
});
