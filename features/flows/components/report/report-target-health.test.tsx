import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TargetHealth } from '@/lib/contracts/target-health';
import { ReportTargetHealth } from './report-target-health';

/** A step with fewer views than the rule needs says so (docs/flows.md, "Target health"). */
describe('report target health: too little data', () => {
  it('marks only the step with too few views', () => {
    const health: TargetHealth = {
      status: 'healthy',
      steps: [
        {
          step_id: 'a',
          status: 'healthy',
          selector: '#buy',
          views: 19,
          missing: 19,
          insufficient_data: true,
          last_found_at: null,
          pages: [],
        },
        {
          step_id: 'b',
          status: 'healthy',
          selector: '.plan',
          views: 40,
          missing: 0,
          insufficient_data: false,
          last_found_at: null,
          pages: [],
        },
      ],
      pause_when_broken: false,
    };
    render(<ReportTargetHealth health={health} />);
    const rows = within(screen.getByRole('table', { name: 'Target health' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Too few views to judge');
    expect(rows[2]).not.toHaveTextContent('Too few views to judge');
    expect(screen.getByText(/once a step has 20 views/)).toBeInTheDocument();
  });
});
