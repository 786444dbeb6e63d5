import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ListSearch, useListSearch } from '@/components/list/list-search';
import { CreateButton, CreateLink } from '@/components/list/page-header';
import { ProductListPage } from '@/components/list/product-list-page';
import { useBrandStore } from '@/stores/brand';
import { renderWithProviders } from './test-utils';

function FruitSearch() {
  const search = useListSearch();
  return (
    <>
      <ListSearch
        label="Search fruit"
        placeholder="Name"
        value={search.text}
        onChange={search.setText}
      />
      <p data-testid="query">[{search.query}]</p>
    </>
  );
}

describe('ListSearch and useListSearch', () => {
  it('is a search box named by its label; the query is the trimmed text once typing pauses', async () => {
    const { user } = renderWithProviders(<FruitSearch />);
    const box = screen.getByRole('searchbox', { name: 'Search fruit' });
    expect(box).toHaveAttribute('placeholder', 'Name');
    await user.type(box, '  kiwi ');
    expect(box).toHaveValue('  kiwi ');
    await waitFor(() => expect(screen.getByTestId('query')).toHaveTextContent('[kiwi]'));
    await user.clear(box);
    await waitFor(() => expect(screen.getByTestId('query')).toHaveTextContent('[]'));
  });

  it("puts the list's other filters in the search box's row, bottoms aligned", () => {
    renderWithProviders(
      <ListSearch label="Search fruit" placeholder="Name" value="" onChange={() => {}}>
        <label>
          Colour
          <select>
            <option>Any</option>
          </select>
        </label>
      </ListSearch>,
    );
    const row = screen.getByRole('searchbox', { name: 'Search fruit' }).closest('.mb-4');
    expect(row).toHaveClass('flex', 'flex-wrap', 'items-end');
    expect(row).toContainElement(screen.getByRole('combobox', { name: 'Colour' }));
  });

  it('without filters the box stands alone (no row around it)', () => {
    renderWithProviders(
      <ListSearch label="Search fruit" placeholder="Name" value="" onChange={() => {}} />,
    );
    const box = screen.getByRole('searchbox', { name: 'Search fruit' }).closest('.mb-4');
    expect(box).not.toHaveClass('flex');
  });
});

describe('CreateButton', () => {
  it('is a button named by its text that runs onClick (a dialog makes the new item)', async () => {
    const onClick = vi.fn();
    const { user } = renderWithProviders(
      <CreateButton onClick={onClick}>Create fruit</CreateButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Create fruit' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

/** A list that remembers what was typed, to see that a new product starts afresh. */
function Draft({ brandId }: { brandId: number }) {
  const [text, setText] = useState('');
  return (
    <label>
      Draft of {brandId}
      <input value={text} onChange={(e) => setText(e.target.value)} />
    </label>
  );
}

describe('ProductListPage', () => {
  const page = () => (
    <ProductListPage
      id="fruit-heading"
      title="Fruit"
      description="What grows."
      actions={<CreateLink href="/fruit/add">Create fruit</CreateLink>}
    >
      {(brandId) => <Draft brandId={brandId} />}
    </ProductListPage>
  );

  it('without a product: the heading and the way to Product Tracking, no actions, no list', () => {
    act(() => useBrandStore.getState().setBrandId(null));
    renderWithProviders(page());
    const section = screen.getByRole('region', { name: 'Fruit' });
    expect(within(section).getByText('What grows.')).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'No tracked product' })).toBeVisible();
    expect(
      within(section).getByRole('link', { name: 'Go to Product Tracking' }),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'Create fruit' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("with one: its actions and the product's list, afresh when the product changes", async () => {
    act(() => useBrandStore.getState().setBrandId(7));
    const { user } = renderWithProviders(page());
    const section = screen.getByRole('region', { name: 'Fruit' });
    expect(within(section).getByRole('link', { name: 'Create fruit' })).toHaveAttribute(
      'href',
      '/fruit/add',
    );
    await user.type(within(section).getByRole('textbox', { name: 'Draft of 7' }), 'pear');
    expect(within(section).getByRole('textbox', { name: 'Draft of 7' })).toHaveValue('pear');

    act(() => useBrandStore.getState().setBrandId(8));
    expect(within(section).getByRole('textbox', { name: 'Draft of 8' })).toHaveValue('');
  });
});
