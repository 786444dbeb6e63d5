import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import SettingsPage from '@/pages/settings';
import { useBrandStore } from '@/stores/brand';
import { db } from '../mocks/db';
import { setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

/** Settings → Data → Retention (docs/retention.md): months kept, bounded by the plan. */
async function renderData(plan?: 'free' | 'enterprise', saved?: number) {
  const { user } = signInAs({ plan });
  const brand = addBrand(user, 'Shop');
  if (saved !== undefined) Object.assign(brand, { retention_months: saved });
  useBrandStore.getState().setBrandId(brand.id);
  const view = renderWithProviders(<SettingsPage />);
  const data = await screen.findByRole('region', { name: 'Data' });
  const select = await within(data).findByRole('combobox', { name: 'Retention' });
  return { ...view, brand, data, select };
}

const optionLabels = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

beforeEach(() => setRoute('/settings'));

describe('Retention', () => {
  it('offers months within the plan, saves one and shows what applies', async () => {
    const { user, brand, data, select } = await renderData();
    expect(select).toHaveValue('plan');
    expect(optionLabels(select)).toEqual([
      'Plan maximum (12 months)',
      '1 month',
      '3 months',
      '6 months',
      '12 months',
    ]);
    expect(within(data).getByTestId('retention-state')).toHaveTextContent(
      /kept for 12 months: those before .* are hidden/,
    );
    // What retention is not.
    expect(within(data).getByText(/not a deletion request/)).toHaveTextContent(
      /Erase customer.*hides older events at once and deletes them at the nightly purge/,
    );

    await user.selectOptions(select, '6');
    await user.click(within(data).getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText(MESSAGES.retention.saved)).toBeInTheDocument();
    expect(db.brands.find((b) => b.id === brand.id)).toMatchObject({ retention_months: 6 });
    expect(within(data).getByTestId('retention-state')).toHaveTextContent(/kept for 6 months/);
  });

  it('shows the refusal of months above the plan under the field', async () => {
    // Saved on a larger plan, then downgraded: the plan's 12 months apply.
    const { user, data, select } = await renderData('free', 60);
    expect(select).toHaveValue('60');
    expect(optionLabels(select)).toContain('60 months (above the plan: 12 months apply)');
    await user.click(within(data).getByRole('button', { name: 'Save retention' }));
    expect(
      await within(data).findByText(MESSAGES.retention.overPlan('Free', 12)),
    ).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps every event on an unlimited plan', async () => {
    const { data, select } = await renderData('enterprise');
    expect(select).toHaveValue('plan');
    expect(optionLabels(select)[0]).toBe('Plan maximum (every event)');
    expect(optionLabels(select)).toContain('120 months');
    expect(within(data).getByTestId('retention-state')).toHaveTextContent('Every event is kept.');
  });
});
