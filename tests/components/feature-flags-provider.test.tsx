import { screen } from '@testing-library/react';
import { useFeatureIsOn } from '@growthbook/growthbook-react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { FeatureFlagsProvider } from '@/components/providers/feature-flags-provider';
import { server } from '../mocks/node';
import { renderWithProviders, signInAs } from './test-utils';

vi.mock('next/router', async () => (await import('./router-mock')).routerModule());

function Probe() {
  const forMe = useFeatureIsOn('only-for-me');
  const loggedIn = useFeatureIsOn('logged-in-main');
  return (
    <p>
      <span data-testid="only-for-me">{forMe ? 'on' : 'off'}</span>
      <span data-testid="logged-in-main">{loggedIn ? 'on' : 'off'}</span>
    </p>
  );
}

const features = (userId: string) => ({
  features: {
    'only-for-me': {
      defaultValue: false,
      rules: [{ condition: { id: userId, email: 'ada@example.com' }, force: true }],
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

  it('treats a visitor without a session as anonymous: targeted flags stay off', async () => {
    const seen = vi.fn();
    server.use(
      http.get('*/v1/features', () => {
        seen();
        return HttpResponse.json({ data: features('someone') });
      }),
    );
    renderWithProviders(
      <FeatureFlagsProvider>
        <Probe />
      </FeatureFlagsProvider>,
    );
    expect(screen.getByTestId('only-for-me')).toHaveTextContent('off');
    expect(screen.getByTestId('logged-in-main')).toHaveTextContent('off');
    expect(seen).not.toHaveBeenCalled();
  });
});
