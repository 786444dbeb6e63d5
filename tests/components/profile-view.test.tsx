import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { ProfileView } from '@/features/profile/components/profile-view';
import { setRoute } from '../setup/router';
import { renderWithProviders, signInAs } from './test-utils';

describe('ProfileView', () => {
  beforeEach(() => setRoute('/profile'));

  it('saves the name and avatar URL, refusing non-http avatars', async () => {
    const { user: account } = signInAs({ name: 'Ada', plan: 'starter' });
    const { user } = renderWithProviders(<ProfileView />);
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Ada');

    await user.type(screen.getByLabelText('Avatar URL'), 'ftp://example.com/a.png');
    expect(await screen.findByText(MESSAGES.field.avatar)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Avatar URL'));
    await user.type(screen.getByLabelText('Avatar URL'), 'https://example.com/a.png');
    await user.clear(name);
    await user.type(name, 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText(MESSAGES.auth.profileUpdated)).toBeInTheDocument();
    expect(account.name).toBe('Ada Lovelace');
    expect(account.avatar).toBe('https://example.com/a.png');
  });

  it('changes the password, and reports a wrong current password under its field', async () => {
    const { user: account } = signInAs();
    const { user } = renderWithProviders(<ProfileView />);

    await user.type(screen.getByLabelText('Current password'), 'Wrong1!xx');
    await user.type(screen.getByLabelText('New password'), 'Fresh1!xy');
    await user.type(screen.getByLabelText('Confirm password'), 'Fresh1!xy');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MESSAGES.auth.wrongCurrentPassword)).toBeInTheDocument();
    expect(account.password).toBe('Passw0rd!');

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MESSAGES.auth.passwordChanged)).toBeInTheDocument();
    await waitFor(() => expect(account.password).toBe('Fresh1!xy'));
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });
});
