import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { ResetPasswordView } from '@/features/auth/components/reset-password-view';
import { db, DEMO_USER } from '../mocks/db';
import { setRoute } from '../setup/router';
import { renderWithProviders } from './test-utils';

describe('ResetPasswordView', () => {
  beforeEach(() => setRoute('/reset-password'));

  it('without a token asks for the e-mail and sends the link', async () => {
    const { user } = renderWithProviders(<ResetPasswordView />);
    await user.type(screen.getByLabelText('E-mail'), DEMO_USER.email);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(MESSAGES.auth.resetRequested)).toBeInTheDocument();
    expect(db.outbox.at(-1)?.links[0]).toMatch(/\/reset-password\?token=rst_/);
  });

  it('with a token sets the new password once both fields agree', async () => {
    db.resetTokens.rst_good = 'u_1';
    setRoute('/reset-password', { token: 'rst_good' });
    const { user } = renderWithProviders(<ResetPasswordView />);

    await user.type(screen.getByLabelText('New password'), 'Newpass1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Newpass1?');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(MESSAGES.field.passwordsMatch)).toBeInTheDocument();
    expect(db.users[0].password).toBe(DEMO_USER.password);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Newpass1!');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText(MESSAGES.auth.resetDone)).toBeInTheDocument();
    await waitFor(() => expect(db.users[0].password).toBe('Newpass1!'));
  });

  it('applies the password rules to the new password', async () => {
    setRoute('/reset-password', { token: 'rst_any' });
    const { user } = renderWithProviders(<ResetPasswordView />);
    await user.type(screen.getByLabelText('New password'), 'short');
    expect(await screen.findByText(MESSAGES.password.min)).toBeInTheDocument();
  });

  it('reports an expired link with a way to ask for a new one', async () => {
    setRoute('/reset-password', { token: 'rst_expired' });
    const { user } = renderWithProviders(<ResetPasswordView />);
    await user.type(screen.getByLabelText('New password'), 'Newpass1!');
    await user.type(screen.getByLabelText('Confirm password'), 'Newpass1!');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText(MESSAGES.auth.invalidToken)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });
});
