import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { SessionsSection, deviceLabel } from '@/features/profile/components/sessions-section';
import { createSession, db } from '../mocks/db';
import { setRoute } from '../setup/router';
import { renderWithProviders, signInAs } from './test-utils';

const sessionsOf = (userId: string) => Object.values(db.sessions).filter((u) => u === userId);

describe('Sessions on /profile', () => {
  beforeEach(() => setRoute('/profile'));

  it('lists devices with last use, signs one out after asking, then every other one', async () => {
    const { user: account } = signInAs();
    createSession(account.id);
    createSession(account.id);
    const { user } = renderWithProviders(<SessionsSection />);

    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /Sign out/ })).toBeNull();
    expect(rows[1]).toHaveTextContent(/Last used \d\d-\d\d-2026/);

    await user.click(within(rows[1]!).getByRole('button', { name: /^Sign out / }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out session' });
    // Cancelling changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sessionsOf(account.id)).toHaveLength(3);

    await user.click(within(rows[1]!).getByRole('button', { name: /^Sign out / }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sign out session' })).getByRole('button', {
        name: 'Sign out',
      }),
    );
    expect(await screen.findByText(MESSAGES.auth.sessionRevoked)).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(sessionsOf(account.id)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const all = await screen.findByRole('dialog', { name: 'Sign out everywhere else' });
    expect(all).toHaveTextContent('Every other session (1)');
    await user.click(within(all).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText(MESSAGES.auth.otherSessionsRevoked)).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(sessionsOf(account.id)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('names devices from their user agent', () => {
    expect(
      deviceLabel('Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0'),
    ).toMatch(/^Firefox on Linux/);
    expect(deviceLabel(null)).toBe('Unknown device');
  });
});
