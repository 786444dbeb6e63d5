import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CreateReportView,
  EditReportView,
} from '@/features/reports/components/builder/report-builder-view';
import { STORAGE_KEYS } from '@/lib/constants';
import type { ReportInput } from '@/lib/contracts/reports';
import { MESSAGES } from '@/lib/messages';
import { useBrandStore } from '@/stores/brand';
import { db, type MockBrand } from '../mocks/db';
import { addReport } from '../mocks/reports.handlers';
import { mockRouter, setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

function addEvents(brandId: number, codes: string[]) {
  const now = new Date().toISOString();
  for (const code of codes) {
    db.seq.event += 1;
    db.events.push({
      id: db.seq.event,
      brand_id: brandId,
      name: code,
      code,
      attributes: [],
      created_at: now,
      updated_at: now,
    });
  }
}

/** Opens the event picker labelled `label` and chooses `code`. */
async function pickEvent(
  user: ReturnType<typeof renderWithProviders>['user'],
  label: string,
  code: string,
) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await user.click(
    await within(await screen.findByRole('listbox')).findByRole('option', { name: code }),
  );
}

let brand: MockBrand;
function setUp() {
  const { user } = signInAs();
  brand = addBrand(user, 'Shop');
  addEvents(brand.id, ['signup', 'checkout']);
  useBrandStore.getState().setBrandId(brand.id);
}

describe('Report builder (/reports/create, /reports/{id}/edit)', () => {
  beforeEach(() => {
    setRoute('/reports/create');
    setUp();
  });
  afterEach(() => useBrandStore.getState().setBrandId(null));

  it('refuses to save an incomplete report with the contract messages, then saves a trend and opens it', async () => {
    const { user } = renderWithProviders(<CreateReportView />);
    await screen.findByRole('form', { name: 'Create report' });
    expect(screen.getByText('Choose the events of the report to see it here.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save report' }));
    expect(await screen.findByText(MESSAGES.field.required('Name'))).toBeInTheDocument();
    expect(screen.getByText('Event is required')).toBeInTheDocument();
    expect(db.reports).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Checkouts per day');
    await pickEvent(user, 'Event', 'checkout');
    // The preview asks once the query is complete: the series' total shows.
    const totals = await screen.findByRole('list', { name: 'Totals' }, { timeout: 3000 });
    expect(within(totals).getByText('checkout')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(db.reports).toHaveLength(1));
    const saved = db.reports[0]!;
    expect(saved).toMatchObject({
      brand_id: brand.id,
      name: 'Checkouts per day',
      pinned: true,
      query: {
        type: 'trend',
        series: [{ event: 'checkout', measure: 'total' }],
        granularity: 'day',
      },
    });
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith(`/reports/${saved.id}`));
    // Saved: the draft is gone.
    expect(window.localStorage.getItem(STORAGE_KEYS.reportFormData)).toBeNull();
  });

  it('breaks a trend down by a customer attribute', async () => {
    const { user } = renderWithProviders(<CreateReportView />);
    await screen.findByRole('form', { name: 'Create report' });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Checkouts by plan');
    await pickEvent(user, 'Event', 'checkout');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Break down by' }), 'profile');
    await user.type(screen.getByRole('combobox', { name: /^Attribute/ }), 'plan');
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(db.reports).toHaveLength(1));
    expect(db.reports[0]!.query).toMatchObject({
      breakdown: { property: 'plan', source: 'profile' },
    });
  });

  it('a custom range needs both days before the preview or a save', async () => {
    const { user } = renderWithProviders(<CreateReportView />);
    await screen.findByRole('form', { name: 'Create report' });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'January');
    await pickEvent(user, 'Event', 'checkout');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'custom_range');
    expect(
      await screen.findByText('Choose the From and To dates of the custom range.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    expect(
      await screen.findByText('Choose the From and To dates of the custom range'),
    ).toBeInTheDocument();
    expect(db.reports).toHaveLength(0);
  });

  it('keeps the unsaved form in local storage and restores it after a reload', async () => {
    const first = renderWithProviders(<CreateReportView />);
    await screen.findByRole('form', { name: 'Create report' });
    await first.user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Sign-up to checkout');
    await first.user.click(screen.getByRole('radio', { name: /Funnel/ }));
    await pickEvent(first.user, 'Step 1', 'signup');
    // Kept once the chosen step is in it.
    await waitFor(() =>
      expect(window.localStorage.getItem(STORAGE_KEYS.reportFormData)).toContain(
        '"event":"signup"',
      ),
    );
    first.unmount();

    // The page again, as after a reload.
    const second = renderWithProviders(<CreateReportView />);
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue(
      'Sign-up to checkout',
    );
    expect(screen.getByRole('radio', { name: /Funnel/ })).toBeChecked();
    // The saved code shows once the picker has looked it up.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Step 1/ })).toHaveTextContent('signup'),
    );
    expect(screen.getByText(MESSAGES.reports.restored, { exact: false })).toBeInTheDocument();

    await second.user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(screen.getByRole('radio', { name: /Trend/ })).toBeChecked();
    await waitFor(() =>
      expect(window.localStorage.getItem(STORAGE_KEYS.reportFormData)).toBeNull(),
    );
  });

  it('edits a saved report; leaving with changes asks first and Discard forgets them', async () => {
    const input: ReportInput = {
      brand_id: brand.id,
      name: 'Weekly return',
      pinned: false,
      query: {
        brand_id: brand.id,
        type: 'retention',
        start_event: 'signup',
        return_event: 'checkout',
        period: 'week',
        intervals: 4,
        date_preset: 'past_30_day',
      },
    };
    const report = addReport(input);
    setRoute('/reports/[id]/edit', { id: String(report.id) });
    const { user } = renderWithProviders(<EditReportView />);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Weekly return');
    expect(screen.getByRole('radio', { name: /Retention/ })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: /^Periods/ })).toHaveValue(4);
    // The retention grid of the saved query.
    expect(await screen.findByRole('table', {}, { timeout: 3000 })).toBeInTheDocument();

    // Unchanged: Cancel leaves at once.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(mockRouter.push).toHaveBeenCalledWith(`/reports/${report.id}`);
    mockRouter.push.mockClear();

    await user.type(name, ' (new)');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard Changes' });
    expect(dialog).toHaveTextContent(MESSAGES.discardConfirm);
    expect(mockRouter.push).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(mockRouter.push).toHaveBeenCalledWith(`/reports/${report.id}`);
    expect(window.localStorage.getItem(STORAGE_KEYS.reportFormData)).toBeNull();
    expect(db.reports.find((r) => r.id === report.id)?.name).toBe('Weekly return');
  });

  it("answers 404 for another owner's report", async () => {
    const theirs = addBrand(signInAs({ email: 'other@x.dev' }).user, 'Theirs');
    const report = addReport({
      brand_id: theirs.id,
      name: 'Not mine',
      query: {
        brand_id: theirs.id,
        type: 'trend',
        series: [{ event: 'x', measure: 'total' }],
        granularity: 'day',
        date_preset: 'past_7_day',
      },
    });
    signInAs({ email: 'me-again@x.dev' });
    setRoute('/reports/[id]/edit', { id: String(report.id) });
    renderWithProviders(<EditReportView />);
    expect(await screen.findByText(MESSAGES.reports.notFound)).toBeInTheDocument();
  });
});
