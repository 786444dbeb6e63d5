import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { BrandsView } from '@/features/brands/components/brands-view';
import { TrackingSnippet } from '@/features/brands/components/tracking-snippet';
import IntegrationsPage from '@/pages/integrations';
import { useBrandStore } from '@/stores/brand';
import { mockRouter, setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

const snippet = () => screen.getByTestId('tracking-snippet');

describe('TrackingSnippet', () => {
  it('shows the two-line snippet for this origin and copies it', async () => {
    const { user } = renderWithProviders(<TrackingSnippet writeKey="wk_copy_me" />);
    const code = snippet().textContent ?? '';
    expect(code.split('\n')).toHaveLength(2);
    expect(code).toContain(`<script async src="${window.location.origin}/sdk.js"></script>`);
    expect(code).toContain('writeKey:"wk_copy_me"');

    await user.click(screen.getByRole('button', { name: 'Copy snippet' }));
    expect(await navigator.clipboard.readText()).toBe(code);
    expect(await screen.findByText(MESSAGES.brands.copied)).toBeInTheDocument();
  });

  it('says so when the clipboard refuses', async () => {
    const { user } = renderWithProviders(<TrackingSnippet writeKey="wk_x" />);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy snippet' }));
    expect(await screen.findByText(MESSAGES.brands.copyFailed)).toBeInTheDocument();
  });
});

describe('brand card', () => {
  it('offers the install snippet of each product', async () => {
    setRoute('/brands');
    const { user: account } = signInAs({ plan: 'growth' });
    addBrand(account, 'Alpha');
    const beta = addBrand(account, 'Beta');
    const { user } = renderWithProviders(<BrandsView />);
    const card = await screen.findByRole('listitem', { name: 'Beta' });
    await user.click(within(card).getByText('Install'));
    expect(within(card).getByTestId('tracking-snippet')).toHaveTextContent(
      `writeKey:"${beta.write_key}"`,
    );
  });
});

describe('/integrations', () => {
  beforeEach(() => {
    setRoute('/integrations');
  });

  it("shows the current product's snippet and follows the product picker", async () => {
    const { user: account } = signInAs({ plan: 'growth' });
    const alpha = addBrand(account, 'Alpha');
    const beta = addBrand(account, 'Beta');
    useBrandStore.getState().setBrandId(beta.id);
    const { user } = renderWithProviders(<IntegrationsPage />);

    expect(screen.getByRole('tab', { name: 'Tracking' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(snippet()).toHaveTextContent(`writeKey:"${beta.write_key}"`));
    expect(screen.getByText(/every page of beta\.example\.com/)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Product'), String(alpha.id));
    expect(snippet()).toHaveTextContent(`writeKey:"${alpha.write_key}"`);
    expect(useBrandStore.getState().brandId).toBe(alpha.id);

    await user.click(screen.getByRole('button', { name: 'Copy snippet' }));
    expect(await navigator.clipboard.readText()).toContain(alpha.write_key);
  });

  it('points to Product Tracking when there is no product yet', async () => {
    signInAs();
    renderWithProviders(<IntegrationsPage />);
    expect(await screen.findByText(MESSAGES.brands.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a product' })).toHaveAttribute('href', '/brands');
    expect(screen.queryByTestId('tracking-snippet')).not.toBeInTheDocument();
  });

  it('opens the product tours section for ?t=flows-integrations', async () => {
    setRoute('/integrations', { t: 'flows-integrations' });
    const { user: account } = signInAs();
    addBrand(account, 'Shop');
    const { user } = renderWithProviders(<IntegrationsPage />);

    const tours = screen.getByRole('tab', { name: 'Product tours' });
    expect(tours).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('Product tours');
    // The truth about installing tours: the tracking snippet plays them, nothing else to add.
    expect(within(panel).getByText(/plays product tours by itself/)).toHaveTextContent(
      'there is nothing else to install and no code to call',
    );
    expect(within(panel).getByText(/only preloads the tour player/)).toHaveTextContent(
      'It shows nothing by itself.',
    );
    expect(within(panel).getByText(/waits up to 6 seconds/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Product Tour' })).toHaveAttribute(
      'href',
      '/flows',
    );

    await user.click(screen.getByRole('tab', { name: 'Tracking' }));
    expect(mockRouter.replace).toHaveBeenCalledWith('/integrations', undefined, { shallow: true });
  });

  it('switches sections from the tab list with the arrow keys', async () => {
    const { user: account } = signInAs();
    addBrand(account, 'Shop');
    const { user } = renderWithProviders(<IntegrationsPage />);
    await user.click(screen.getByRole('tab', { name: 'Tracking' }));
    await user.keyboard('{ArrowRight}');
    expect(mockRouter.replace).toHaveBeenLastCalledWith(
      '/integrations?t=flows-integrations',
      undefined,
      { shallow: true },
    );
    expect(screen.getByRole('tab', { name: 'Product tours' })).toHaveFocus();
  });
});
