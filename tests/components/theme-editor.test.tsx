import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ThemeView } from '@/features/theme/components/theme-view';
import { DEFAULT_THEME, type Theme } from '@/lib/contracts/theme';
import type { PlanCode } from '@/lib/constants';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useBrandStore } from '@/stores/brand';
import { db, type MockBrand } from '../mocks/db';
import { setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

/** The tour theme editor on /settings (docs/theme.md). */

let brand: MockBrand;
function as(plan: PlanCode) {
  const { user } = signInAs({ plan });
  brand = addBrand(user, 'Shop');
  useBrandStore.getState().setBrandId(brand.id);
}
const stored = () => (db.brands.find((b) => b.id === brand.id) as { theme?: Theme }).theme;

/** The style of the tour in the preview's shadow root (theme rule included). */
const previewCss = () => {
  const host = screen.getByTestId('theme-preview-stage').querySelector('[data-signpost-tour]');
  return Array.from(host?.shadowRoot?.querySelectorAll('style') ?? [], (s) => s.textContent).join(
    '',
  );
};

async function renderEditor() {
  const view = renderWithProviders(<ThemeView />);
  await screen.findByRole('form', { name: 'Theme' });
  return view;
}

beforeEach(() => setRoute('/settings'));

describe('theme editor', () => {
  it('names every control and starts from the saved theme', async () => {
    as('growth');
    await renderEditor();
    for (const [name, field] of [
      ['Card background', 'card_background'],
      ['Text colour', 'text_color'],
      ['Primary button background', 'primary_button_background'],
      ['Primary button text', 'primary_button_text'],
      ['Secondary button background', 'secondary_button_background'],
      ['Secondary button text', 'secondary_button_text'],
    ] as const) {
      expect(screen.getByRole('textbox', { name })).toHaveValue(DEFAULT_THEME[field]);
      expect(screen.getByLabelText(`Pick ${name.toLowerCase()}`)).toBeInTheDocument();
    }
    expect(screen.getByRole('combobox', { name: 'Font family' })).toHaveValue(
      DEFAULT_THEME.font_family,
    );
    expect(screen.getByRole('spinbutton', { name: 'Corner radius (px)' })).toHaveValue(12);
    expect(screen.getByRole('combobox', { name: 'Shadow' })).toHaveValue('soft');
    expect(screen.getByRole('slider', { name: 'Backdrop opacity' })).toHaveValue('0.55');
    expect(screen.getByRole('spinbutton', { name: 'Z-index' })).toHaveValue(2147483647);
    expect(screen.getByRole('combobox', { name: 'Banner placement' })).toHaveValue('top');
    expect(screen.getByRole('combobox', { name: 'Speech bubble placement' })).toHaveValue(
      'bottom-right',
    );
    expect(screen.getByRole('combobox', { name: 'Preview as' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save theme' })).toBeEnabled();
    expect(screen.queryByText(MESSAGES.theme.upgradePrompt, { exact: false })).toBeNull();
  });

  it('shows each change in the live preview and saves the theme on a paid plan', async () => {
    as('starter');
    const { user } = await renderEditor();
    await waitFor(() => expect(previewCss()).toContain('.layer'));

    const card = screen.getByRole('textbox', { name: 'Card background' });
    await user.clear(card);
    await user.type(card, '#0f172a');
    const radius = screen.getByRole('spinbutton', { name: 'Corner radius (px)' });
    await user.clear(radius);
    await user.type(radius, '4');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Shadow' }), 'strong');
    await waitFor(() => expect(previewCss()).toContain('--sp-card:#0f172a'));
    expect(previewCss()).toContain('--sp-radius:4px');

    await user.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByText(MESSAGES.theme.saved)).toBeInTheDocument();
    expect(stored()).toEqual({
      ...DEFAULT_THEME,
      card_background: '#0f172a',
      corner_radius: 4,
      shadow: 'strong',
    });
  });

  it('shows the editor and an upgrade prompt on the free plan, with Save disabled', async () => {
    as('free');
    const { user } = await renderEditor();
    const prompt = screen.getByText(MESSAGES.theme.upgradePrompt, { exact: false });
    expect(within(prompt).getByRole('link', { name: 'Upgrade plan' })).toHaveAttribute(
      'href',
      paths.plans(),
    );
    expect(screen.getByRole('button', { name: 'Save theme' })).toBeDisabled();
    // The preview still follows the editor, so the customer sees what they would get.
    const primary = screen.getByRole('textbox', { name: 'Primary button background' });
    await user.clear(primary);
    await user.type(primary, '#f97316');
    await waitFor(() => expect(previewCss()).toContain('--sp-p-bg:#f97316'));
    expect(stored()).toBeUndefined();
  });

  it('says what is wrong with a value and does not save it', async () => {
    as('growth');
    const { user } = await renderEditor();
    const text = screen.getByRole('textbox', { name: 'Text colour' });
    await user.clear(text);
    await user.type(text, 'red');
    expect(await screen.findByText(MESSAGES.theme.color('Text colour'))).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(screen.queryByText(MESSAGES.theme.saved)).toBeNull();
    expect(stored()).toBeUndefined();
  });

  it('puts every field back to the default look with Reset to defaults', async () => {
    as('growth');
    (db.brands.find((b) => b.id === brand.id) as { theme?: Theme }).theme = {
      ...DEFAULT_THEME,
      card_background: '#000000',
    };
    const { user } = await renderEditor();
    expect(screen.getByRole('textbox', { name: 'Card background' })).toHaveValue('#000000');
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(screen.getByRole('textbox', { name: 'Card background' })).toHaveValue(
      DEFAULT_THEME.card_background,
    );
  });

  it('asks for a product first when there is none', async () => {
    signInAs({ plan: 'growth' });
    renderWithProviders(<ThemeView />);
    expect(await screen.findByText('No tracked product')).toBeInTheDocument();
  });
});
