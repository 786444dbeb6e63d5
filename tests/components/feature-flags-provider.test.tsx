import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  FeatureFlagsProvider,
  useFeatureIsOn,
} from '@/components/providers/feature-flags-provider';
import { server } from '../mocks/node';
import { renderWithProviders, signInAs } from './test-utils';

function Probe() {
  const forMe = useFeatureIsOn('only-for-me');
  const loggedIn = useFeatureIsOn('logged-in-main');
  const visitor = useFeatureIsOn('visitors');
  return (
    <p>
      <span data-testid="only-for-me">{forMe ? 'on' : 'off'}</span>
      <span data-testid="logged-in-main">{loggedIn ? 'on' : 'off'}</span>
      <span data-testid="visitors">{visitor ? 'on' : 'off'}</span>
    </p>
  );
}

const features = (userId: string) => ({
  features: {
    'only-for-me': {
      defaultValue: false,
      rules: [{ condition: { id: userId, email: 'ada@example.com' }, force: true }],
    },
    visitors: {
      defaultValue: false,
      rules: [{ condition: { id: 'anonymous', loggedIn: false }, force: true }],
    },
    'logged-in-main': {
      defaultValue: false,
      rules: [{ condition: { loggedIn: true, branch: 'main' }, force: true }],
    },
  },
});

describe('FeatureFlagsProvider', () => {
  it("evaluates flags from GET /v1/features with the user's id, e-mail, logged-in flag and branch", async () => {
    const { user } = signInAs({ email: 'ada@example.com' });
    server.use(http.get('*/v1/features', () => HttpResponse.json({ data: features(user.id) })));
    renderWithProviders(
      <FeatureFlagsProvider>
        <Probe />
      </FeatureFlagsProvider>,
    );
    expect(
      await screen.findByText('on', { selector: '[data-testid="only-for-me"]' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('on', { selector: '[data-testid="logged-in-main"]' }),
    ).toBeInTheDocument();
  });

  it('loads flags for a visitor without a session, evaluated as anonymous', async () => {
    const seen = vi.fn();
    server.use(
      http.get('*/v1/features', ({ request }) => {
        seen(request.headers.get('authorization'));
        return HttpResponse.json({ data: features('anonymous') });
      }),
    );
    renderWithProviders(
      <FeatureFlagsProvider>
        <Probe />
      </FeatureFlagsProvider>,
    );
    await waitFor(() => expect(seen).toHaveBeenCalledWith(null));
    expect(
      await screen.findByText('on', { selector: '[data-testid="visitors"]' }),
    ).toBeInTheDocument();
    // Rule "id is anonymous" but e-mail must match too: stays off; logged-in rule: off.
    expect(screen.getByTestId('only-for-me')).toHaveTextContent('off');
    expect(screen.getByTestId('logged-in-main')).toHaveTextContent('off');
  });
});
