import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ConditionSummaryButton,
  RemoveConditionButton,
} from '@/components/conditions/condition-line-parts';
import { renderWithProviders } from './test-utils';

describe('condition line parts (tour trigger rows, segment builder lines)', () => {
  it('the summary opens its condition; an invalid one is drawn in red', async () => {
    const onClick = vi.fn();
    const { user, rerender } = renderWithProviders(
      <ConditionSummaryButton onClick={onClick}>Plan is Pro</ConditionSummaryButton>,
    );
    const summary = screen.getByRole('button', { name: 'Plan is Pro' });
    expect(summary).toHaveAttribute('type', 'button');
    expect(summary).not.toHaveClass('border-red-500');
    await user.click(summary);
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <ConditionSummaryButton invalid onClick={onClick}>
        Plan is Pro
      </ConditionSummaryButton>,
    );
    expect(screen.getByRole('button', { name: 'Plan is Pro' })).toHaveClass('border-red-500');
  });

  it('the × is named by its label and removes', async () => {
    const onClick = vi.fn();
    const { user } = renderWithProviders(
      <RemoveConditionButton label="Remove condition 2" onClick={onClick} />,
    );
    await user.click(screen.getByRole('button', { name: 'Remove condition 2' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
