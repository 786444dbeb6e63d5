import { renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  RecordGate,
  useRouteId,
  type RecordQuery,
  type RecordGateProps,
} from '@/components/detail/record-gate';
import { setRoute } from '../setup/router';
import { renderWithProviders } from './test-utils';

describe('useRouteId', () => {
  it('is the positive whole id of the URL, invalid otherwise, pending until the URL is read', () => {
    setRoute('/fruit/[id]', { id: '12' });
    expect(renderHook(() => useRouteId()).result.current).toBe(12);
    for (const bad of ['0', '-3', '1.5', 'abc', '']) {
      setRoute('/fruit/[id]', { id: bad });
      expect(renderHook(() => useRouteId()).result.current).toBe('invalid');
    }
    setRoute('/fruit/[id]', { id: '12' }, { isReady: false });
    expect(renderHook(() => useRouteId()).result.current).toBe('pending');
  });
});

describe('RecordGate', () => {
  const query = (over: Partial<RecordQuery<{ name: string }>> = {}) => ({
    isError: false,
    error: null,
    refetch: vi.fn(),
    ...over,
  });
  const gate = (props: Pick<RecordGateProps<{ name: string }>, 'id' | 'query'>) => (
    <RecordGate
      {...props}
      notFound={{ message: 'Fruit not found.', backHref: '/fruit', backLabel: 'Back to Fruit' }}
      failed={(m) => `Failed to get the fruit: ${m}`}
    >
      {(fruit) => <h1>{fruit.name}</h1>}
    </RecordGate>
  );

  it('renders the record once loaded, a spinner before', () => {
    const { rerender } = renderWithProviders(gate({ id: 'pending', query: query() }));
    expect(screen.getByTestId('page-spinner')).toBeInTheDocument();
    rerender(gate({ id: 4, query: query() }));
    expect(screen.getByTestId('page-spinner')).toBeInTheDocument();
    rerender(gate({ id: 4, query: query({ data: { name: 'Kiwi' } }) }));
    expect(screen.getByRole('heading', { name: 'Kiwi' })).toBeInTheDocument();
    expect(screen.queryByTestId('page-spinner')).not.toBeInTheDocument();
  });

  it('says not found with the way back for a bad id or a 404', () => {
    const { rerender } = renderWithProviders(gate({ id: 'invalid', query: query() }));
    expect(screen.getByRole('alert')).toHaveTextContent('Fruit not found.');
    expect(screen.getByRole('link', { name: 'Back to Fruit' })).toHaveAttribute('href', '/fruit');
    rerender(
      gate({ id: 4, query: query({ isError: true, error: { message: 'No', status: 404 } }) }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Fruit not found.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows any other failure with Try again, which loads again', async () => {
    const failed = query({ isError: true, error: { message: 'Boom', status: 500 } });
    const { user } = renderWithProviders(gate({ id: 4, query: failed }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to get the fruit: Boom');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });
});
