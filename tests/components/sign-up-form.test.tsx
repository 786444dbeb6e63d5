import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { http as mswHttp, HttpResponse } from 'msw';
import { db } from '../mocks/db';
import { server } from '../mocks/node';
import { setRoute } from '../setup/router';
import { renderWithProviders } from './test-utils';

const passwordAlert = () => {
  const input = screen.getByLabelText('Password');
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? document.getElementById(id) : null;
};

describe('SignUpForm', () => {
  beforeEach(() => setRoute('/sign-up'));

  it('shows one password message at a time, in the precedence of docs/product/validation.md#53-password', async () => {
    const { user } = renderWithProviders(<SignUpForm />);
    const password = screen.getByLabelText('Password');

    await user.click(password);
    await user.tab();
    expect(await screen.findByText(MESSAGES.password.required)).toHaveAttribute('role', 'alert');

    const cases: [string, string][] = [
      ['Ab1!', MESSAGES.password.min],
      [`Abcdefgh1!${'x'.repeat(55)}`, MESSAGES.password.max],
      ['abcdefgh', MESSAGES.password.uppercase],
    ];
    for (const [value, message] of cases) {
      await user.clear(password);
      await user.type(password, value);
      await waitFor(() => expect(passwordAlert()).toHaveTextContent(message));
      // Exactly one message under the field.
      expect(screen.getAllByText(/^Password must/)).toHaveLength(1);
    }

    await user.clear(password);
    await user.type(password, 'Abcdefg1!');
    await waitFor(() => expect(screen.queryByText(/^Password must/)).not.toBeInTheDocument());
    // A password manager's 16 characters, and the 64 NIST asks for, are accepted (ADR 0020).
    for (const value of ['q7G#vL2m!Xp9$Rt4', `Aa1!${'x'.repeat(60)}`]) {
      await user.clear(password);
      await user.type(password, value);
      await waitFor(() => expect(screen.queryByText(/^Password must/)).not.toBeInTheDocument());
    }
  });

  it('creates the account and replaces the form with the check-your-inbox message', async () => {
    const { user } = renderWithProviders(<SignUpForm />);
    await user.type(screen.getByLabelText('Name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('E-mail'), 'Grace@Example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!x');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(MESSAGES.auth.signUpDone)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(db.users.find((u) => u.email === 'grace@example.com')?.verified).toBe(false);
    expect(db.outbox.at(-1)?.to).toBe('grace@example.com');
  });

  it('shows a server refusal inline and keeps the form', async () => {
    server.use(
      mswHttp.post('*/v1/auth/sign-up', () =>
        HttpResponse.json(
          { message: MESSAGES.auth.tooManyAttempts, status: 429, code: 'rate_limited' },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderWithProviders(<SignUpForm />);
    await user.type(screen.getByLabelText('Name'), 'Someone');
    await user.type(screen.getByLabelText('E-mail'), 'someone@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!x');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(MESSAGES.auth.tooManyAttempts)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
  });

  it('links to the terms and to sign-in', () => {
    renderWithProviders(<SignUpForm />);
    expect(screen.getByRole('link', { name: 'Terms of Use and Privacy Policy' })).toHaveAttribute(
      'href',
      '/terms-of-use-and-privacy-policy',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });
});
