import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TestModeBadge } from '@/features/billing/components/test-mode-badge';
import { server } from '../mocks/node';
import { ok } from '../mocks/utils';
import { renderWithProviders } from './test-utils';

const config = (test_mode: boolean) =>
  server.use(
    http.get('*/v1/payments/config', () =>
      ok({ provider: 'local', publishable_key: null, test_mode }),
    ),
  );

describe('Test mode badge', () => {
  it('shows "Test mode" while the server runs the simulator or outbox on a public address', async () => {
    config(true);
    renderWithProviders(<TestModeBadge />);
    expect(await screen.findByRole('status')).toHaveTextContent('Test mode');
  });

  it('shows nothing otherwise', async () => {
    let asked = false;
    server.use(
      http.get('*/v1/payments/config', () => {
        asked = true;
        return ok({ provider: 'local', publishable_key: null, test_mode: false });
      }),
    );
    renderWithProviders(<TestModeBadge />);
    await waitFor(() => expect(asked).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Test mode')).toBeNull();
  });
});
