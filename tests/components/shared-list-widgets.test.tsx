import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ConditionValue } from '@/lib/conditions';
import { ConditionValueInput } from '@/components/conditions/condition-value-input';
import type { ValueKind } from '@/components/conditions/value-kind';
import { ListFooter } from '@/components/list/list-footer';
import { PagedList, type PagedQuery } from '@/components/list/paged-list';
import {
  ActionsCell,
  RowButton,
  RowHeader,
  RowLink,
  TBody,
  THead,
  Table,
  Th,
  Tr,
} from '@/components/list/table';
import { Pill } from '@/components/ui/pill';
import { SearchableDropdown } from '@/components/ui/searchable-dropdown';
import { SelectField } from '@/components/ui/select-field';
import { ConditionAttributePicker } from '@/components/conditions/condition-attribute-picker';
import { renderWithProviders } from './test-utils';

describe('ListFooter', () => {
  it('says how many rows show and spins Load more while the next page loads', async () => {
    const onLoadMore = vi.fn();
    const { rerender, user } = renderWithProviders(
      <ListFooter shown={20} total={25} hasMore loadingMore={false} onLoadMore={onLoadMore} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Showing 20 of 25');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    rerender(<ListFooter shown={20} total={25} hasMore loadingMore onLoadMore={onLoadMore} />);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Load more' })).toHaveAttribute('aria-busy', 'true');

    rerender(
      <ListFooter
        shown={25}
        total={25}
        noun="customers"
        hasMore={false}
        loadingMore={false}
        onLoadMore={onLoadMore}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Showing 25 of 25 customers');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('PagedList', () => {
  const query = (over: Partial<PagedQuery<string>> = {}): PagedQuery<string> => ({
    isPending: false,
    isError: false,
    isSuccess: true,
    error: null,
    hasNextPage: false,
    isFetchingNextPage: false,
    refetch: vi.fn(),
    fetchNextPage: vi.fn(),
    ...over,
  });
  const pages = (...lists: string[][]) => ({
    pages: lists.map((data) => ({ data, total: 5 })),
  });
  const list = (q: PagedQuery<string>, extra: { noMatches?: string; action?: boolean } = {}) => (
    <PagedList
      query={q}
      loading={{ label: 'Loading fruit', columns: ['w-10'] }}
      failed={failedFruit}
      noMatches={extra.noMatches}
      empty={{
        label: 'No fruit',
        text: 'No fruit yet.',
        action: extra.action ? <button type="button">Add fruit</button> : undefined,
      }}
      noun="fruit"
    >
      {(rows) => (
        <ul aria-label="Fruit">
          {rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </PagedList>
  );
  const failedFruit = (m: string) => `Failed to get fruit: ${m}`;

  it('shows a skeleton while the first page loads, then every loaded page and the footer', async () => {
    const { rerender, user } = renderWithProviders(
      list(query({ isPending: true, isSuccess: false })),
    );
    expect(screen.getByRole('status', { name: 'Loading fruit' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    const q = query({ data: pages(['apple', 'pear'], ['plum']), hasNextPage: true });
    rerender(list(q));
    expect(screen.queryByRole('status', { name: 'Loading fruit' })).not.toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Fruit' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['apple', 'pear', 'plum']);
    expect(screen.getByText('Showing 3 of 5 fruit')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('a failed first page: an alert with Try again and a toast; a failed later page keeps the rows', async () => {
    const q = query({ isError: true, isSuccess: false, error: new Error('Server down.') });
    const { rerender, user } = renderWithProviders(list(q));
    expect(await screen.findAllByText('Failed to get fruit: Server down.')).toHaveLength(2);
    // The alert in the page and the toast say the same.
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts.filter((t) => t?.includes('Failed to get fruit: Server down.'))).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);

    rerender(list({ ...q, data: pages(['apple']) }));
    expect(screen.getByRole('listitem')).toHaveTextContent('apple');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('an empty list: the way to the first one, or what did not match, or the text alone', () => {
    const { rerender } = renderWithProviders(list(query({ data: pages([]) }), { action: true }));
    const region = screen.getByRole('region', { name: 'No fruit' });
    expect(region).toHaveTextContent('No fruit yet.');
    expect(within(region).getByRole('button', { name: 'Add fruit' })).toBeInTheDocument();

    rerender(list(query({ data: pages([]) }), { action: true, noMatches: 'No fruit matches.' }));
    expect(screen.getByText('No fruit matches.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'No fruit' })).not.toBeInTheDocument();

    rerender(list(query({ data: pages([]) })));
    expect(screen.getByText('No fruit yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add fruit' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });
});

describe('Pill', () => {
  it('labels a state in its tone and passes the rest on to the span', () => {
    renderWithProviders(
      <>
        <Pill tone="on">Published</Pill>
        <Pill tone="warning" role="status" title="Ends soon">
          Expired
        </Pill>
      </>,
    );
    expect(screen.getByText('Published')).toHaveAttribute('data-tone', 'on');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Expired');
    expect(status).toHaveAttribute('data-tone', 'warning');
    expect(status).toHaveAttribute('title', 'Ends soon');
  });
});

describe('usePopup (through the searchable dropdown)', () => {
  it('closes when the focus leaves it with Tab', async () => {
    const fetchPage = vi.fn(async () => ({ items: [], nextCursor: null }));
    const { user } = renderWithProviders(
      <>
        <SearchableDropdown<string> label="Fruit" value={null} fetchPage={fetchPage} />
        <button type="button">Next field</button>
      </>,
    );
    await user.click(screen.getByRole('combobox', { name: 'Fruit' }));
    expect(screen.getByPlaceholderText('Search...')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next field' })).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});

describe('empty lists (docs/product/messages.md#empty-lists)', () => {
  it('a searchable dropdown whose unfiltered list is empty says "No data found"', async () => {
    const fetchPage = vi.fn(async () => ({ items: [], nextCursor: null }));
    const { user } = renderWithProviders(
      <SearchableDropdown<string> label="Fruit" value={null} fetchPage={fetchPage} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Fruit' }));
    const list = screen.getByRole('listbox', { name: 'Fruit' });
    expect(await within(list).findByText('No data found')).toBeInTheDocument();
    expect(within(list).queryByText('No results found.')).not.toBeInTheDocument();
  });

  it('the attribute picker says "No data found" without attributes, "No results found." for a search', async () => {
    const { user, rerender } = renderWithProviders(
      <ConditionAttributePicker
        label="Condition 1 attribute"
        groups={[]}
        value=""
        onChange={vi.fn()}
      />,
    );
    const picker = screen.getByRole('combobox', { name: 'Condition 1 attribute' });
    await user.click(picker);
    expect(screen.getByRole('listbox')).toHaveTextContent('No data found');
    await user.click(picker);

    rerender(
      <ConditionAttributePicker
        label="Condition 1 attribute"
        groups={[{ options: [{ value: 'amount', label: 'Amount', dataType: 'number' }] }]}
        value=""
        onChange={vi.fn()}
      />,
    );
    await user.click(picker);
    await user.type(screen.getByRole('textbox', { name: 'Search Condition 1 attribute' }), 'zz');
    expect(screen.getByRole('listbox')).toHaveTextContent('No results found.');
  });

  it('a select without options says "No data found"', () => {
    renderWithProviders(
      <>
        <SelectField label="Step" placeholder="Select a step" options={[]} />
        <SelectField label="Plan" options={[{ value: 'a', label: 'A' }]} placeholder="Pick" />
      </>,
    );
    const texts = (name: string) =>
      [...screen.getByRole<HTMLSelectElement>('combobox', { name }).options].map((o) => o.text);
    expect(texts('Step')).toEqual(['No data found']);
    expect(texts('Plan')).toEqual(['Pick', 'A']);
  });
});

function ValueHarness(props: { kind: ValueKind | 'unset'; numbers?: 'digits' | 'native' }) {
  const [value, setValue] = useState<ConditionValue>('');
  return (
    <>
      <ConditionValueInput label="Condition 1" value={value} onChange={setValue} {...props} />
      <output aria-label="stored">{JSON.stringify(value)}</output>
    </>
  );
}
const stored = () => screen.getByRole('status', { name: 'stored' }).textContent;

describe('ConditionValueInput (one value input for the profile filter and the flow dialogs)', () => {
  it('keeps digits only and stores a number in the flow dialogs (docs/product/validation.md#51-forms-in-general)', async () => {
    const { user } = renderWithProviders(<ValueHarness kind="number" />);
    await user.type(screen.getByRole('textbox', { name: 'Condition 1 value' }), '1a2');
    expect(screen.getByRole('textbox', { name: 'Condition 1 value' })).toHaveValue('12');
    expect(stored()).toBe('12');
  });

  it('is a number field holding text in the profile filter', async () => {
    const { user } = renderWithProviders(<ValueHarness kind="number" numbers="native" />);
    await user.type(screen.getByRole('spinbutton', { name: 'Condition 1 value' }), '7');
    expect(stored()).toBe('"7"');
  });

  it('shows a disabled field until an attribute is chosen, and nothing for is empty', () => {
    const { unmount } = renderWithProviders(<ValueHarness kind="unset" />);
    expect(screen.getByRole('textbox', { name: 'Condition 1 value' })).toBeDisabled();
    unmount();
    renderWithProviders(<ValueHarness kind="none" />);
    expect(screen.queryByRole('textbox', { name: 'Condition 1 value' })).not.toBeInTheDocument();
  });

  it('offers True/False and stores a boolean; days take digits and say "days ago"', async () => {
    const { user, unmount } = renderWithProviders(<ValueHarness kind="boolean" />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Condition 1 value' });
    expect([...select.options].map((o) => o.text)).toEqual(['Select value', 'True', 'False']);
    await user.selectOptions(select, 'False');
    expect(stored()).toBe('false');
    unmount();

    const days = renderWithProviders(<ValueHarness kind="days" />);
    await days.user.type(screen.getByRole('textbox', { name: 'Condition 1 value' }), '3x');
    expect(stored()).toBe('3');
    expect(screen.getByText('days ago')).toBeInTheDocument();
  });

  it('edits both ends of a range', async () => {
    const { user } = renderWithProviders(<ValueHarness kind="number-range" />);
    await user.type(screen.getByRole('textbox', { name: 'Condition 1 from' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Condition 1 to' }), '9');
    await waitFor(() => expect(stored()).toBe('{"from":1,"to":9}'));
  });
});

describe('Row actions', () => {
  it("name each action with its row, and a row's name link with the name alone", async () => {
    const onDelete = vi.fn();
    const { user } = renderWithProviders(
      <Table caption="Things">
        <THead>
          <Th>Name</Th>
          <Th align="right">Actions</Th>
        </THead>
        <TBody>
          <Tr>
            <RowHeader>
              <RowLink href="/things/1">Spring sale</RowLink>
            </RowHeader>
            <ActionsCell>
              <RowLink href="/things/1/edit" of="Spring sale">
                Edit
              </RowLink>
              <RowButton label="Delete" of="Spring sale" onClick={onDelete} />
              <RowButton label="Copy" of="Spring sale" loading />
            </ActionsCell>
          </Tr>
        </TBody>
      </Table>,
    );
    expect(screen.getByRole('link', { name: 'Spring sale' })).toHaveAttribute('href', '/things/1');
    expect(screen.getByRole('link', { name: 'Edit Spring sale' })).toHaveAttribute(
      'href',
      '/things/1/edit',
    );
    await user.click(screen.getByRole('button', { name: 'Delete Spring sale' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Copy Spring sale' })).toBeDisabled();
  });
});
