import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { VerifyEmailView } from '@/features/auth/components/verify-email-view';
import { server } from '../mocks/node';
import { createUser, db } from '../mocks/db';
import { getToken } from '@/api/token';
import { mockRouter, setRoute } from '../setup/router';
import { renderWithProviders } from './test-utils';

describe('VerifyEmailView', () => {
  beforeEach(() => setRoute('/verify-email'));

  it('verifies and signs in only when the person confirms their sign-up password, even under Strict Mode', async () => {
    const account = createUser({ email: 'new@example.com', verified: false });
    db.verifyTokens.ver_good = account.id;
    setRoute('/verify-email', { token: 'ver_good' });
    const posts = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/v1/auth/verify-email')) posts();
    });

    const { user } = renderWithProviders(
      <StrictMode>
        <VerifyEmailView />
      </StrictMode>,
    );
    // Opening the link (a person, a mail scanner, a link preview) verifies nothing.
    expect(
      await screen.findByRole('heading', { name: 'Confirm your password' }),
    ).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Verify and sign in' });
    await new Promise((r) => setTimeout(r, 50));
    expect(posts).not.toHaveBeenCalled();
    expect(account.verified).toBe(false);

    // Someone else's password (or none) keeps the form and spends nothing.
    await user.click(button);
    expect(await screen.findByText(MESSAGES.auth.verifyPasswordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'Wrong1!xx');
    await user.click(button);
    // A wrong password is sign-in's error, under the field.
    expect(await screen.findByText(MESSAGES.auth.invalidCredentials)).toBeInTheDocument();
    expect(account.verified).toBe(false);
    expect(getToken()).toBeNull();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Passw0rd!');
    await user.click(button);
    // Verified and signed in: the session is stored and the person lands on Home.
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    expect(account.verified).toBe(true);
    expect(getToken()).toMatch(/.+/);
    expect(screen.getAllByText(MESSAGES.auth.verified).length).toBeGreaterThan(0);
    expect(posts).toHaveBeenCalledTimes(3);
    server.events.removeAllListeners();
  });

  it('on a bad token shows the message and a form that resends the link', async () => {
    createUser({ email: 'late@example.com', verified: false });
    setRoute('/verify-email', { token: 'ver_unknown' });
    const { user } = renderWithProviders(<VerifyEmailView />);

    await user.click(await screen.findByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText(MESSAGES.auth.invalidToken)).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'late@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));

    expect(await screen.findByText(MESSAGES.auth.verificationSent)).toBeInTheDocument();
    await waitFor(() => expect(db.outbox.at(-1)?.to).toBe('late@example.com'));
  });

  it('without a token explains the link is invalid', async () => {
    renderWithProviders(<VerifyEmailView />);
    expect(await screen.findByText(MESSAGES.auth.invalidToken)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification e-mail' })).toBeInTheDocument();
  });
});
