import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TourLook } from '@/features/flows/components/editor/nodes/tour-look';
import { DEFAULT_THEME, type Theme, type ThemeOverride } from '@/lib/contracts/theme';
import type { PlanCode } from '@/lib/constants';
import { MESSAGES } from '@/lib/messages';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

/** The tour editor's "Tour look" section (docs/theme.md, "Per-tour override"). */

const PRODUCT = { ...DEFAULT_THEME, card_background: '#0f172a', corner_radius: 4 };

function setup(plan: PlanCode, initial: ThemeOverride | null = null) {
  const { user } = signInAs({ plan });
  const brand = addBrand(user, 'Shop');
  (brand as { theme?: Theme }).theme = PRODUCT;
  const seen: { value: ThemeOverride | null } = { value: initial };
  function Harness() {
    const [value, setValue] = useState<ThemeOverride | null>(initial);
    return (
      <TourLook
        brandId={brand.id}
        value={value}
        onChange={(next) => {
          seen.value = next;
          setValue(next);
        }}
      />
    );
  }
  return { seen, brand, ...renderWithProviders(<Harness />) };
}

const useProduct = () => screen.getByRole('checkbox', { name: "Use the product's theme" });

describe('Tour look', () => {
  it("plays the product's theme by default; an override starts from it and edits three fields", async () => {
    const { seen, user, queryClient, brand } = setup('starter');
    expect(useProduct()).toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Card colour hex' })).not.toBeInTheDocument();

    // Once the product's theme has loaded, an override starts from its values.
    await waitFor(() => expect(queryClient.getQueryData(['themes', brand.id])).toBeDefined());
    await user.click(useProduct());
    expect(seen.value).toEqual({
      card_background: '#0f172a',
      primary_button_background: PRODUCT.primary_button_background,
      corner_radius: 4,
    });
    const card = screen.getByRole('textbox', { name: 'Card colour hex' });
    expect(card).toHaveValue('#0f172a');
    await user.clear(card);
    await user.type(card, '#123456');
    const radius = screen.getByRole('spinbutton', { name: 'Corner radius (px)' });
    await user.clear(radius);
    await user.type(radius, '40');
    expect(seen.value).toMatchObject({ card_background: '#123456', corner_radius: 40 });
    expect(screen.getByText(MESSAGES.theme.range('Corner radius', 0, 32))).toBeInTheDocument();
    await user.clear(radius);
    await user.type(radius, '20');
    expect(seen.value).toEqual({
      card_background: '#123456',
      primary_button_background: PRODUCT.primary_button_background,
      corner_radius: 20,
    });

    await user.click(useProduct());
    expect(seen.value).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Card colour hex' })).not.toBeInTheDocument();
  });

  it('shows a saved override', async () => {
    setup('starter', { corner_radius: 9 });
    expect(useProduct()).not.toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Corner radius (px)' })).toHaveValue(9);
  });

  it('cannot start an override on the free plan, and says why', async () => {
    setup('free');
    expect(await screen.findByText(MESSAGES.theme.upgradePrompt)).toBeInTheDocument();
    expect(useProduct()).toBeDisabled();
    expect(useProduct()).toBeChecked();
  });
});
