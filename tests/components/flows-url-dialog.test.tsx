import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { UrlConditionDialog } from '@/features/flows/components/conditions/url-condition-dialog';
import type { UrlCondition } from '@/lib/contracts/flows';
import { MESSAGES } from '@/lib/messages';
import { renderWithProviders } from './test-utils';

const M = MESSAGES.flows;
/** Every value handed to onSave, in order. */
let saved: (UrlCondition[] | null)[] = [];

/** Holds the saved value the way the trigger panel does and reopens the dialog on demand. */
function Harness({ initial, readOnly }: { initial: UrlCondition[] | null; readOnly?: boolean }) {
  const [value, setValue] = useState(initial);
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <UrlConditionDialog
        open={open}
        initial={value}
        brandId={1}
        readOnly={readOnly}
        onSave={(next) => {
          saved.push(next);
          setValue(next);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

const setup = (initial: UrlCondition[] | null = null, readOnly = false) =>
  renderWithProviders(<Harness initial={initial} readOnly={readOnly} />);

const dialog = () => screen.getByRole('dialog', { name: 'URL Condition' });
const list = (name: 'URLs matches' | 'URLs excludes') =>
  within(dialog()).getByRole('list', { name });
const addButton = (name: 'URLs matches' | 'URLs excludes') =>
  within(dialog()).getByRole('button', { name: `Add URL to ${name}` });
const matchType = (n: number, name = 'URLs matches') =>
  within(dialog()).getByRole('combobox', { name: `Match type of URL ${n} of ${name}` });
const urlInput = (n: number, name = 'URLs matches') =>
  within(dialog()).getByRole('textbox', { name: `URL ${n} of ${name}` });
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);
const save = () => within(dialog()).getByRole('button', { name: 'Save changes' });

const pricing: UrlCondition[] = [
  { condition_type: 'exact', value: '/pricing', type: 'includes' },
  { condition_type: 'starts with', value: '/admin', type: 'excludes' },
];

beforeEach(() => {
  saved = [];
});

describe('URL Condition dialog', () => {
  it('holds one row per match type in each list', async () => {
    const { user } = setup();
    expect(within(list('URLs matches')).queryAllByRole('listitem')).toHaveLength(0);

    await user.click(addButton('URLs matches'));
    expect(urlInput(1)).toHaveAttribute('placeholder', 'Enter URL');
    expect(matchType(1)).toHaveValue('exact');
    expect(optionsOf(matchType(1))).toEqual(['exact', 'contains', 'starts with', 'ends with']);

    await user.click(addButton('URLs matches'));
    expect(matchType(2)).toHaveValue('contains');
    expect(optionsOf(matchType(1))).toEqual(['exact', 'starts with', 'ends with']);
    expect(optionsOf(matchType(2))).toEqual(['contains', 'starts with', 'ends with']);

    // Picking another type frees the old one for the other rows.
    await user.selectOptions(matchType(1), 'ends with');
    expect(optionsOf(matchType(2))).toEqual(['exact', 'contains', 'starts with']);

    await user.click(addButton('URLs matches'));
    await user.click(addButton('URLs matches'));
    expect(matchType(3)).toHaveValue('exact');
    expect(matchType(4)).toHaveValue('starts with');
    expect(addButton('URLs matches')).toBeDisabled();
    expect(optionsOf(matchType(4))).toEqual(['starts with']);
    // The excludes list is separate.
    expect(addButton('URLs excludes')).toBeEnabled();
    await user.click(addButton('URLs excludes'));
    expect(matchType(1, 'URLs excludes')).toHaveValue('exact');

    await user.click(
      within(dialog()).getByRole('button', { name: 'Remove URL 2 of URLs matches' }),
    );
    expect(within(list('URLs matches')).getAllByRole('listitem')).toHaveLength(3);
    expect(addButton('URLs matches')).toBeEnabled();
  });

  it('stops at 8 URLs in total and says so', async () => {
    const { user } = setup();
    for (let i = 0; i < 4; i++) await user.click(addButton('URLs matches'));
    for (let i = 0; i < 3; i++) await user.click(addButton('URLs excludes'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(addButton('URLs excludes'));
    expect(addButton('URLs matches')).toBeDisabled();
    expect(addButton('URLs excludes')).toBeDisabled();
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(M.maxUrlConditions);

    await user.click(
      within(dialog()).getByRole('button', { name: 'Remove URL 1 of URLs excludes' }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(addButton('URLs excludes')).toBeEnabled();
  });

  it('refuses to save while a URL field is empty', async () => {
    const { user } = setup();
    await user.click(addButton('URLs matches'));
    await user.type(urlInput(1), '/pricing');
    await user.click(addButton('URLs excludes'));
    await user.click(save());

    expect(within(dialog()).getByRole('alert')).toHaveTextContent(M.urlFieldsRequired);
    expect(urlInput(1, 'URLs excludes')).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toEqual([]);

    await user.type(urlInput(1, 'URLs excludes'), '/admin');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(save());
    expect(saved).toEqual([
      [
        { condition_type: 'exact', value: '/pricing', type: 'includes' },
        { condition_type: 'exact', value: '/admin', type: 'excludes' },
      ],
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('saves both lists with their match types and trimmed values', async () => {
    const { user } = setup(pricing);
    expect(urlInput(1)).toHaveValue('/pricing');
    expect(matchType(1, 'URLs excludes')).toHaveValue('starts with');

    await user.click(addButton('URLs matches'));
    await user.selectOptions(matchType(2), 'ends with');
    await user.type(urlInput(2), '  /checkout ');
    await user.clear(urlInput(1, 'URLs excludes'));
    await user.type(urlInput(1, 'URLs excludes'), '/internal');
    await user.click(save());

    expect(saved).toEqual([
      [
        { condition_type: 'exact', value: '/pricing', type: 'includes' },
        { condition_type: 'ends with', value: '/checkout', type: 'includes' },
        { condition_type: 'starts with', value: '/internal', type: 'excludes' },
      ],
    ]);
  });

  it('Clear all empties both lists, and saving nothing removes the condition', async () => {
    const { user } = setup(pricing);
    await user.click(within(dialog()).getByRole('button', { name: 'Clear all' }));
    expect(within(dialog()).queryAllByRole('textbox')).toHaveLength(0);
    await user.click(save());
    expect(saved).toEqual([null]);
  });

  it('removes the condition when saved with only blank rows', async () => {
    const { user } = setup();
    await user.click(addButton('URLs matches'));
    await user.click(addButton('URLs excludes'));
    await user.click(save());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(saved).toEqual([null]);
  });

  it('Discard closes without saving and the next opening starts from the saved value', async () => {
    const { user } = setup(pricing);
    await user.clear(urlInput(1));
    await user.type(urlInput(1), '/changed');
    await user.click(addButton('URLs excludes'));
    await user.click(within(dialog()).getByRole('button', { name: 'Discard' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(saved).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(urlInput(1)).toHaveValue('/pricing');
    expect(within(list('URLs excludes')).getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows the values without letting them change in read-only mode', async () => {
    const { user } = setup(pricing, true);
    expect(urlInput(1)).toBeDisabled();
    expect(matchType(1, 'URLs excludes')).toBeDisabled();
    for (const name of [
      'Add URL to URLs matches',
      'Add URL to URLs excludes',
      'Remove URL 1 of URLs matches',
      'Clear all',
      'Save changes',
    ])
      expect(within(dialog()).queryByRole('button', { name })).not.toBeInTheDocument();

    await user.click(within(dialog()).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
