import { describe, expect, it } from 'vitest';
import { APP_NAME } from './constants';
import { documentTitle, routeFor, ROUTES } from './routes';

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
      '/events/[id]': '/events',
      '/customer-profiles/[id]': '/customer-profiles',
      '/segments/[id]': '/segments',
      '/segments/edit/[id]': '/segments',
      '/flows/create': '/flows',
      '/flows/[id]': '/flows',
      '/flows/[id]/report': '/flows',
    });
  });

  it('lays out segments/add and profile/plans without the white content card', () => {
    expect(routeFor('/segments/add').shell).toBe('app-plain');
    expect(routeFor('/profile/plans').shell).toBe('app-plain');
    expect(routeFor('/brands').shell).toBe('app');
  });
});
