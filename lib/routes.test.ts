import { describe, expect, it } from 'vitest';
import { APP_NAME } from './constants';
import { documentTitle, routeFor, ROUTES, SIDEBAR_ITEMS } from './routes';

describe('route table (docs/product/screens.md#21-routes)', () => {
  it('titles pages "Signpost - {title}" and "Signpost - Home" without a title', () => {
    expect(documentTitle(APP_NAME, routeFor('/brands'))).toBe('Signpost - Product Tracking');
    expect(documentTitle(APP_NAME, routeFor('/'))).toBe('Signpost - Home');
  });

  it('keeps public pages and the catch-all without the sidebar', () => {
    for (const p of [
      '/sign-in',
      '/sign-up',
      '/reset-password',
      '/verify-email',
      '/terms-of-use-and-privacy-policy',
      '/not-found',
    ]) {
      expect(routeFor(p)).toMatchObject({ public: true, shell: 'bare' });
    }
    expect(routeFor('/some/unknown/[thing]')).toMatchObject({
      pattern: '/[...slug]',
      shell: 'bare',
    });
    expect(routeFor('/checkout').shell).toBe('fullscreen');
    expect(routeFor('/reports/create').shell).toBe('header');
    expect(routeFor('/reports/[id]/edit').shell).toBe('header');
  });

  it('has the back targets of the spec', () => {
    const backs = Object.fromEntries(ROUTES.filter((r) => r.back).map((r) => [r.pattern, r.back]));
    expect(backs).toEqual({
      '/reports/[id]': '/reports/list',
      '/events/create': '/events',
      '/events/live': '/events',
      '/events/[id]': '/events',
      '/customer-profiles/[id]': '/customer-profiles',
      '/segments/[id]': '/segments',
      '/segments/edit/[id]': '/segments',
      '/flows/create': '/flows',
      '/flows/[id]': '/flows',
      '/flows/[id]/report': '/flows',
      '/shorten-urls/[id]': '/shorten-urls',
    });
  });

  it('lays out segments/add and profile/plans without the white content card', () => {
    expect(routeFor('/segments/add').shell).toBe('app-plain');
    expect(routeFor('/profile/plans').shell).toBe('app-plain');
    expect(routeFor('/brands').shell).toBe('app');
  });

  it('makes / the Home page inside the app shell, first in the sidebar', () => {
    expect(routeFor('/')).toMatchObject({
      title: 'Home',
      breadcrumb: ['Home'],
      public: false,
      shell: 'app',
      area: 'home',
    });
    expect(SIDEBAR_ITEMS[0]).toEqual({ key: 'home', label: 'Home', href: '/' });
  });

  it('lists Shorten URLs after Product Tour, its link detail going back to the list', () => {
    const keys = SIDEBAR_ITEMS.map((i) => i.key);
    expect(keys[keys.indexOf('flows') + 1]).toBe('shorten-urls');
    expect(SIDEBAR_ITEMS.find((i) => i.key === 'shorten-urls')).toEqual({
      key: 'shorten-urls',
      label: 'Shorten URLs',
      href: '/shorten-urls',
    });
    expect(routeFor('/shorten-urls/[id]')).toMatchObject({
      breadcrumb: ['Shorten URLs', 'Link'],
      back: '/shorten-urls',
      area: 'shorten-urls',
      shell: 'app',
    });
  });
});
