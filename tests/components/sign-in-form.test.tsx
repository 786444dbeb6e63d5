import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { createUser, db, DEMO_USER } from '../mocks/db';
import { mockRouter, setRoute } from '../setup/router';
import { renderWithProviders } from './test-utils';

describe('SignInForm', () => {
  beforeEach(() => setRoute('/sign-in'));

  it('stores the token, remembers the e-mail and goes to Home (/)', async () => {
    const { user } = renderWithProviders(<SignInForm />);
    await user.type(screen.getByLabelText('E-mail'), DEMO_USER.email);
    await user.type(screen.getByLabelText('Password'), DEMO_USER.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    const token = localStorage.getItem('token');
    expect(token).toBeTruthy();
    expect(db.sessions[token as string]).toBe('u_1');
    expect(localStorage.getItem('email')).toBe(DEMO_USER.email);
  });

  it('prefills the remembered e-mail', async () => {
    localStorage.setItem('email', 'remembered@example.com');
    renderWithProviders(<SignInForm />);
    await waitFor(() =>
      expect(screen.getByLabelText('E-mail')).toHaveValue('remembered@example.com'),
    );
  });

  it('follows a safe ?next= and ignores an off-site one', async () => {
    setRoute('/sign-in', { next: '/profile' });
    const first = renderWithProviders(<SignInForm />);
    await first.user.type(screen.getByLabelText('E-mail'), DEMO_USER.email);
    await first.user.type(screen.getByLabelText('Password'), DEMO_USER.password);
    await first.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/profile'));
    first.unmount();
    localStorage.clear();

    setRoute('/sign-in', { next: '//evil.example' });
    const second = renderWithProviders(<SignInForm />);
    await second.user.type(screen.getByLabelText('E-mail'), DEMO_USER.email);
    await second.user.type(screen.getByLabelText('Password'), DEMO_USER.password);
    await second.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
  });

  it('shows wrong credentials inline and stores nothing', async () => {
    const { user } = renderWithProviders(<SignInForm />);
    await user.type(screen.getByLabelText('E-mail'), DEMO_USER.email);
    await user.type(screen.getByLabelText('Password'), 'Wrong1!pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(MESSAGES.auth.invalidCredentials)).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(mockRouter.replace).not.toHaveBeenCalled();
    expect(
      screen.queryByRole('button', { name: 'Resend verification e-mail' }),
    ).not.toBeInTheDocument();
  });

  it('on an unverified account shows the server message and resends the link', async () => {
    createUser({ email: 'new@example.com', password: 'Secret1!x', verified: false });
    const { user } = renderWithProviders(<SignInForm />);
    await user.type(screen.getByLabelText('E-mail'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(MESSAGES.auth.emailNotVerified)).toBeInTheDocument();
    const outboxBefore = db.outbox.length;
    await user.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));

    expect(await screen.findByText(MESSAGES.auth.verificationSent)).toBeInTheDocument();
    expect(db.outbox).toHaveLength(outboxBefore + 1);
    expect(db.outbox.at(-1)?.to).toBe('new@example.com');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('validates before calling the API', async () => {
    const { user } = renderWithProviders(<SignInForm />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('E-mail is required')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.password.required)).toBeInTheDocument();
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  it('links to the password reset and to sign-up', () => {
    renderWithProviders(<SignInForm />);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
  });
});
