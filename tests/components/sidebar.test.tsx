import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Sidebar } from '@/components/layout/sidebar';
import { readPersistedMinimized } from '@/stores/sidebar';
import { setRoute } from '../setup/router';
import { renderWithProviders } from './test-utils';

const sidebar = () => screen.getByTestId('sidebar');

function clearCookie() {
  document.cookie = 'sidebar:minimized=; max-age=0; path=/';
}

describe('Sidebar', () => {
  beforeEach(() => {
    setRoute('/brands');
    clearCookie();
  });

  it('lists the route table items and highlights the current area', () => {
    renderWithProviders(<Sidebar area="brands" />);
    const link = screen.getByRole('link', { name: 'Product Tracking' });
    expect(link).toHaveAttribute('href', '/brands');
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(sidebar()).toHaveStyle({ width: '196px' });
    // Home comes first and is not the current area here.
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const first = within(nav).getAllByRole('link')[0];
    expect(first).toHaveTextContent('Home');
    expect(first).toHaveAttribute('href', '/');
    expect(first).not.toHaveAttribute('aria-current');
  });

  it('Ctrl+B and Cmd+B toggle the minimized state, persisted to local storage and a 7-day cookie', async () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    renderWithProviders(<Sidebar area="brands" />);
    expect(sidebar()).toHaveAttribute('data-minimized', 'false');

    act(() => void fireEvent.keyDown(window, { key: 'b', ctrlKey: true }));
    expect(sidebar()).toHaveAttribute('data-minimized', 'true');
    expect(sidebar()).toHaveStyle({ width: '72px' });
    expect(localStorage.getItem('sidebar:minimized')).toBe('true');
    expect(document.cookie).toContain('sidebar:minimized=true');
    expect(cookieSetter).toHaveBeenLastCalledWith(expect.stringContaining('max-age=604800'));
    // Minimized: the label is kept for screen readers only, the toggle offers to expand.
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();

    act(() => void fireEvent.keyDown(window, { key: 'B', metaKey: true }));
    expect(sidebar()).toHaveAttribute('data-minimized', 'false');
    expect(localStorage.getItem('sidebar:minimized')).toBe('false');
    expect(document.cookie).toContain('sidebar:minimized=false');

    // B alone does nothing.
    act(() => void fireEvent.keyDown(window, { key: 'b' }));
    expect(sidebar()).toHaveAttribute('data-minimized', 'false');
    cookieSetter.mockRestore();
  });

  it('the toggle button does the same and the stored state is read back', async () => {
    const { user } = renderWithProviders(<Sidebar />);
    await user.click(screen.getByRole('button', { name: 'Minimize sidebar' }));
    expect(sidebar()).toHaveAttribute('data-minimized', 'true');
    expect(readPersistedMinimized()).toBe(true);

    localStorage.removeItem('sidebar:minimized');
    // The cookie alone still carries it (e.g. local storage was cleared).
    expect(readPersistedMinimized()).toBe(true);
  });

  it('passes its state to the slot content', async () => {
    const { user } = renderWithProviders(
      <Sidebar renderExtra={({ minimized }) => <span>{minimized ? 'compact' : 'full'}</span>} />,
    );
    expect(screen.getByText('full')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Minimize sidebar' }));
    expect(screen.getByText('compact')).toBeInTheDocument();
  });
});
