import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeFor } from '@/lib/routes';
import { AppShell } from '@/components/layout/app-shell';
import { PageLayout } from '@/components/layout/page-layout';
import { setRoute } from '../setup/router';
import { renderWithProviders, signInAs } from './test-utils';

function mockViewport(mobile: boolean) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: mobile && query.includes('max-width: 767px'),
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })) as unknown as typeof window.matchMedia;
}

describe('App shell', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    setRoute('/brands');
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it('below 768 px the sidebar is a drawer opened from the header and closed by Esc', async () => {
    mockViewport(true);
    signInAs();
    const { user } = renderWithProviders(<AppShell route={routeFor('/brands')}>content</AppShell>);
    expect(screen.getByTestId('sidebar')).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByTestId('sidebar')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Minimize sidebar' })).not.toBeInTheDocument();

    act(() => void fireEvent.keyDown(window, { key: 'Escape' }));
    expect(screen.getByTestId('sidebar')).not.toBeVisible();

    // Ctrl+B toggles the drawer on small screens, not the persisted minimized state.
    act(() => void fireEvent.keyDown(window, { key: 'b', ctrlKey: true }));
    expect(screen.getByTestId('sidebar')).toBeVisible();
    expect(localStorage.getItem('sidebar:minimized')).toBeNull();
  });

  it('bare routes render without sidebar or header; app routes get both and the white card', () => {
    mockViewport(false);
    const bare = renderWithProviders(
      <PageLayout route={routeFor('/no/such/page')}>not found</PageLayout>,
    );
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    bare.unmount();

    renderWithProviders(<PageLayout route={routeFor('/brands')}>inside</PageLayout>);
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Product Tracking',
    );
    expect(screen.getByText('inside')).toHaveClass('bg-white');
  });
});
