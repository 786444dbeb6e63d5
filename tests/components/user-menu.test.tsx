import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeFor } from '@/lib/routes';
import { Header } from '@/components/layout/header';
import { userKeys } from '@/hooks/query-keys';
import { setAuthRedirect } from '@/api/http';
import { db } from '../mocks/db';
import { setRoute } from '../setup/router';
import { renderWithProviders, signInAs } from './test-utils';

const redirect = vi.fn();

async function openMenu(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(await screen.findByRole('button', { name: 'User menu' }));
  return screen.findByRole('menu');
}

describe('Header and user menu', () => {
  beforeEach(() => {
    setRoute('/brands');
    redirect.mockReset();
    setAuthRedirect(redirect);
  });
  afterEach(() => setAuthRedirect(() => {}));

  it('shows the initial and the name when the avatar is not an http(s) URL', async () => {
    signInAs({ name: 'grace', avatar: 'javascript:alert(1)' });
    renderWithProviders(<Header route={routeFor('/brands')} />);
    expect(await screen.findByTestId('user-initial')).toHaveTextContent('G');
    expect(screen.queryByTestId('user-avatar')).not.toBeInTheDocument();
    expect(screen.getByTestId('user-name')).toHaveTextContent('grace');
  });

  it('shows the avatar image for an https URL, and the e-mail local part without a name', async () => {
    signInAs({ name: '', email: 'ada.l@example.com', avatar: 'https://cdn.example.com/ada.png' });
    renderWithProviders(<Header route={routeFor('/brands')} />);
    expect(await screen.findByTestId('user-avatar')).toHaveAttribute(
      'src',
      'https://cdn.example.com/ada.png',
    );
    expect(screen.queryByTestId('user-initial')).not.toBeInTheDocument();
    expect(screen.getByTestId('user-name')).toHaveTextContent('ada.l');
  });

  it('offers Profile on paid plans but hides it on enterprise', async () => {
    signInAs({ plan: 'growth' });
    const first = renderWithProviders(<Header route={routeFor('/brands')} />);
    let menu = await openMenu(first.user);
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(menu).toContainElement(screen.getByRole('menuitem', { name: 'Logout' }));
    first.unmount();

    signInAs({ plan: 'enterprise', email: 'boss@example.com' });
    const second = renderWithProviders(<Header route={routeFor('/brands')} />);
    // Wait for the subscription before opening, so the menu reflects the plan.
    await waitFor(() =>
      expect(second.queryClient.getQueryData(userKeys.subscription)).toBeDefined(),
    );
    menu = await openMenu(second.user);
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('Logout revokes the session, clears the token and the cache, then goes to /sign-in', async () => {
    const { token } = signInAs();
    const { user, queryClient } = renderWithProviders(<Header route={routeFor('/brands')} />);
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/sign-in'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(db.sessions[token]).toBeUndefined();
    expect(queryClient.getQueryData(userKeys.profile)).toBeUndefined();
  });

  it('shows the breadcrumb with the last label emphasised and a back arrow where the route has one', () => {
    renderWithProviders(<Header route={routeFor('/customer-profiles/[id]')} />);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toHaveTextContent('Customer Profiles/Profile Details');
    const current = screen.getByText('Profile Details');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveClass('font-semibold');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/customer-profiles',
    );
  });

  it('has no back arrow on a route without one', () => {
    renderWithProviders(<Header route={routeFor('/brands')} />);
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
  });
});
