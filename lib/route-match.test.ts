import { describe, expect, it } from 'vitest';
import { isPublicPath, matchRoute, normalisePathname } from './route-match';

describe('matchRoute', () => {
  it('matches static rows exactly', () => {
    expect(matchRoute('/brands').pattern).toBe('/brands');
    expect(matchRoute('/reports/create').pattern).toBe('/reports/create');
  });

  it('matches dynamic rows by segment', () => {
    expect(matchRoute('/reports/42').pattern).toBe('/reports/[id]');
    expect(matchRoute('/reports/42/edit').pattern).toBe('/reports/[id]/edit');
    expect(matchRoute('/segments/edit/7').pattern).toBe('/segments/edit/[id]');
  });

  it('ignores query, hash and a trailing slash', () => {
    expect(normalisePathname('/brands/?x=1#top')).toBe('/brands');
    expect(matchRoute('/sign-in?next=%2Fbrands').pattern).toBe('/sign-in');
  });

  it('sends unknown paths to the catch-all', () => {
    expect(matchRoute('/no/such/page').pattern).toBe('/[...slug]');
  });
});

describe('isPublicPath', () => {
  it('knows the public auth pages', () => {
    expect(isPublicPath('/sign-in')).toBe(true);
    expect(isPublicPath('/verify-email?token=abc')).toBe(true);
    expect(isPublicPath('/terms-of-use-and-privacy-policy')).toBe(true);
  });

  it('knows protected pages, including dynamic ones', () => {
    expect(isPublicPath('/brands')).toBe(false);
    expect(isPublicPath('/')).toBe(false);
    expect(isPublicPath('/events/3')).toBe(false);
  });
});
