import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchableDropdown } from '@/components/ui/searchable-dropdown';
import type {
  DropdownKey,
  DropdownOption,
  DropdownPage,
  DropdownPageRequest,
} from '@/hooks/use-infinite-dropdown';
import { renderWithProviders } from './test-utils';

const FRUITS = [
  'Apple',
  'Apricot',
  'Banana',
  'Blackberry',
  'Blueberry',
  'Cherry',
  'Date',
  'Fig',
  'Grape',
  'Kiwi',
  'Lemon',
  'Mango',
];
const option = (name: string): DropdownOption<string> => ({
  key: name.toLowerCase(),
  value: name,
  data: name,
});

/** Five fruits a page, filtered by the search text; the cursor is the next page number. */
function fruitServer() {
  return vi.fn(async ({ search, cursor }: DropdownPageRequest): Promise<DropdownPage<string>> => {
    const all = FRUITS.filter((f) => f.toLowerCase().includes(search.toLowerCase()));
    const page = cursor === null ? 1 : Number(cursor);
    return {
      items: all.slice((page - 1) * 5, page * 5).map(option),
      nextCursor: page * 5 < all.length ? String(page + 1) : null,
    };
  });
}

function Harness(props: {
  fetchPage: (r: DropdownPageRequest) => Promise<DropdownPage<string>>;
  initial?: DropdownKey | null;
  onChange?: (o: DropdownOption<string> | null) => void;
  fetchDefaultOption?: (key: DropdownKey) => Promise<DropdownOption<string> | null>;
  required?: boolean;
  error?: string;
}) {
  const [value, setValue] = useState<DropdownKey | null>(props.initial ?? null);
  return (
    <SearchableDropdown<string>
      label="Fruit"
      value={value}
      onChange={(o) => {
        setValue(o?.key ?? null);
        props.onChange?.(o);
      }}
      fetchPage={props.fetchPage}
      fetchDefaultOption={props.fetchDefaultOption}
      required={props.required}
      error={props.error}
      clearable
      searchDebounceMs={0}
    />
  );
}

const trigger = () => screen.getByRole('combobox', { name: 'Fruit' });
const optionNames = () =>
  within(screen.getByRole('listbox', { name: 'Fruit' }))
    .queryAllByRole('option')
    .map((o) => o.textContent);

describe('SearchableDropdown', () => {
  it('shows Select..., opens with a Search... box and loads the first page', async () => {
    const fetchPage = fruitServer();
    const { user } = renderWithProviders(<Harness fetchPage={fetchPage} />);
    expect(trigger()).toHaveTextContent('Select...');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(fetchPage).not.toHaveBeenCalled();

    await user.click(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByPlaceholderText('Search...')).toHaveFocus();
    await waitFor(() =>
      expect(optionNames()).toEqual(['Apple', 'Apricot', 'Banana', 'Blackberry', 'Blueberry']),
    );
    const listbox = screen.getByRole('listbox');
    expect(listbox).toHaveStyle({ maxHeight: '250px' });
    expect(listbox.parentElement).toHaveStyle({ minWidth: '200px' });
  });

  it('loads the next page when scrolled to within 10 px of the bottom, until exhausted', async () => {
    const fetchPage = fruitServer();
    const { user } = renderWithProviders(<Harness fetchPage={fetchPage} />);
    await user.click(trigger());
    await waitFor(() => expect(optionNames()).toHaveLength(5));
    const listbox = screen.getByRole('listbox');
    Object.defineProperty(listbox, 'scrollHeight', { configurable: true, value: 400 });
    Object.defineProperty(listbox, 'clientHeight', { configurable: true, value: 250 });

    listbox.scrollTop = 100; // 50 px above the bottom
    fireEvent.scroll(listbox);
    expect(fetchPage).toHaveBeenCalledTimes(1);

    listbox.scrollTop = 145; // 5 px above the bottom
    fireEvent.scroll(listbox);
    await waitFor(() => expect(optionNames()).toHaveLength(10));
    expect(optionNames()).toContain('Kiwi');

    fireEvent.scroll(listbox);
    await waitFor(() => expect(optionNames()).toHaveLength(12));
    fireEvent.scroll(listbox);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('resets the list and fetches the first page when the search text changes', async () => {
    const fetchPage = fruitServer();
    const { user } = renderWithProviders(<Harness fetchPage={fetchPage} />);
    await user.click(trigger());
    await waitFor(() => expect(optionNames()).toHaveLength(5));

    await user.type(screen.getByPlaceholderText('Search...'), 'berry');
    await waitFor(() => expect(optionNames()).toEqual(['Blackberry', 'Blueberry']));
    expect(fetchPage.mock.lastCall?.[0]).toMatchObject({ search: 'berry', cursor: null });

    await user.clear(screen.getByPlaceholderText('Search...'));
    await user.type(screen.getByPlaceholderText('Search...'), 'zzz');
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    expect(optionNames()).toEqual([]);
  });

  it('selecting sets the value, calls onChange and closes; closing resets the search text', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness fetchPage={fruitServer()} onChange={onChange} />);
    await user.click(trigger());
    await user.type(screen.getByPlaceholderText('Search...'), 'ban');
    await user.click(await screen.findByRole('option', { name: 'Banana' }));

    expect(onChange).toHaveBeenCalledWith(option('Banana'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveTextContent('Banana');
    expect(trigger()).toHaveFocus();

    await user.click(trigger());
    expect(screen.getByPlaceholderText('Search...')).toHaveValue('');
    await waitFor(() => expect(optionNames()).toHaveLength(5));
    expect(screen.getByRole('option', { name: 'Banana' })).toHaveAttribute('aria-selected', 'true');
  });

  it('works from the keyboard: arrows, Enter and Escape', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness fetchPage={fruitServer()} onChange={onChange} />);
    trigger().focus();
    await user.keyboard('{ArrowDown}');
    const search = screen.getByPlaceholderText('Search...');
    await waitFor(() => expect(optionNames()).toHaveLength(5));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(search).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Apricot' }).id,
    );
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(option('Apricot'));
    expect(trigger()).toHaveTextContent('Apricot');

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
  });

  it('looks up a selected value that is not loaded, and clearing forgets it', async () => {
    const fetchDefaultOption = vi.fn(async (key: DropdownKey) =>
      key === 'mango' ? option('Mango') : null,
    );
    const onChange = vi.fn();
    const fetchPage = fruitServer();
    const { user } = renderWithProviders(
      <Harness
        fetchPage={fetchPage}
        initial="mango"
        fetchDefaultOption={fetchDefaultOption}
        onChange={onChange}
      />,
    );
    await waitFor(() => expect(trigger()).toHaveTextContent('Mango'));
    expect(fetchDefaultOption).toHaveBeenCalledWith('mango');
    expect(fetchPage).not.toHaveBeenCalled();

    await user.click(trigger());
    await waitFor(() => expect(optionNames()).toEqual(expect.arrayContaining(['Mango', 'Apple'])));
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Clear Fruit' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(trigger()).toHaveTextContent('Select...');
    expect(fetchDefaultOption).toHaveBeenCalledTimes(1);
  });

  it('marks a required field and shows its error in red below', () => {
    renderWithProviders(<Harness fetchPage={fruitServer()} required error="Event is required" />);
    const label = document.getElementById(trigger().getAttribute('aria-labelledby') ?? '');
    expect(label).toHaveTextContent('Fruit*');
    expect(trigger()).toHaveAttribute('aria-required', 'true');
    expect(trigger()).toHaveAttribute('aria-invalid', 'true');
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent('Event is required');
    expect(error).toHaveClass('text-red-600');
    expect(trigger()).toHaveAccessibleDescription('Event is required');
  });

  it('closes when clicking outside', async () => {
    const { user } = renderWithProviders(
      <>
        <Harness fetchPage={fruitServer()} />
        <button type="button">Elsewhere</button>
      </>,
    );
    await user.click(trigger());
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
