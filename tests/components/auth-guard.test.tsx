import { screen, waitFor } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeFor } from '@/lib/routes';
import { AuthGuard } from '@/components/layout/auth-guard';
import { setAuthRedirect } from '@/api/http';
import { server } from '../mocks/node';
import { mockRouter, setRoute } from '../setup/router';
import { renderWithProviders, signInAs } from './test-utils';

const redirect = vi.fn();

describe('AuthGuard', () => {
  beforeEach(() => {
    redirect.mockReset();
    setAuthRedirect(redirect);
  });
  afterEach(() => setAuthRedirect(() => {}));

  it('sends a visitor without a token from a protected page to /sign-in', async () => {
    setRoute('/brands');
    renderWithProviders(<AuthGuard route={routeFor('/brands')}>secret content</AuthGuard>);
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/sign-in?next=%2Fbrands'));
    expect(screen.queryByText('secret content')).not.toBeInTheDocument();
    expect(screen.getByTestId('page-spinner')).toBeInTheDocument();
  });

  it('renders public pages without a token', () => {
    setRoute('/sign-in');
    renderWithProviders(<AuthGuard route={routeFor('/sign-in')}>sign-in form</AuthGuard>);
    expect(screen.getByText('sign-in form')).toBeInTheDocument();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('shows a spinner until the current user is loaded, then the page', async () => {
    setRoute('/brands');
    signInAs();
    renderWithProviders(<AuthGuard route={routeFor('/brands')}>secret content</AuthGuard>);
    expect(screen.getByTestId('page-spinner')).toBeInTheDocument();
    expect(await screen.findByText('secret content')).toBeInTheDocument();
  });

  it('fetches the current user again after every path change', async () => {
    setRoute('/brands');
    signInAs();
    const calls = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/v1/users/me') calls();
    });
    renderWithProviders(<AuthGuard route={routeFor('/brands')}>page</AuthGuard>);
    await screen.findByText('page');
    expect(calls).toHaveBeenCalledTimes(1);

    mockRouter.events.emit('routeChangeComplete', '/profile');
    await waitFor(() => expect(calls).toHaveBeenCalledTimes(2));
    server.events.removeAllListeners();
  });

  it('an expired session ends on /sign-in and drops the token', async () => {
    setRoute('/brands');
    window.history.replaceState(null, '', '/brands');
    signInAs();
    server.use(
      mswHttp.get('*/v1/users/me', () =>
        HttpResponse.json(
          { message: 'expired', status: 401, code: 'unauthorized' },
          { status: 401 },
        ),
      ),
    );
    renderWithProviders(<AuthGuard route={routeFor('/brands')}>page</AuthGuard>);
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/sign-in?next=%2Fbrands'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByText('page')).not.toBeInTheDocument();
  });
});
