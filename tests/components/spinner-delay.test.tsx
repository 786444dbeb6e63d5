import { act, render, screen } from '@testing-library/react';
import dynamic from 'next/dynamic';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageSpinner, SPINNER_DELAY_MS, Spinner, ViewLoading } from '@/components/layout/spinner';
import { Button } from '@/components/ui/button';

/** The drawn ring of every spinner on screen (the status text is not drawn). */
const rings = () => document.querySelectorAll('[data-spinner-ring]');

/** A view loaded on demand as the pages load theirs, arriving after `ms`. */
function lazyView(ms: number) {
  return dynamic(
    () =>
      new Promise<{ default: () => React.JSX.Element }>((resolve) =>
        setTimeout(() => resolve({ default: () => <p>The view</p> }), ms),
      ),
    { ssr: false, loading: () => <ViewLoading /> },
  );
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe(`spinners wait ${SPINNER_DELAY_MS} ms before they show (the lazy component delay)`, () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws no ring before the delay and one at the delay; the status is announced throughout', async () => {
    render(<Spinner label="Loading the flow" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the flow');
    await wait(SPINNER_DELAY_MS - 1);
    expect(rings()).toHaveLength(0);
    await wait(1);
    expect(rings()).toHaveLength(1);
  });

  it('shows the page spinner and the view placeholder only after the delay', async () => {
    render(
      <>
        <PageSpinner />
        <ViewLoading />
      </>,
    );
    expect(screen.getByTestId('page-spinner')).toBeInTheDocument();
    expect(screen.getByTestId('view-loading')).toBeInTheDocument();
    await wait(SPINNER_DELAY_MS - 1);
    expect(rings()).toHaveLength(0);
    await wait(1);
    expect(rings()).toHaveLength(2);
  });

  it('a view that arrives within the delay never flashes a spinner', async () => {
    const View = lazyView(SPINNER_DELAY_MS / 2);
    render(<View />);
    expect(screen.getByTestId('view-loading')).toBeInTheDocument();
    expect(rings()).toHaveLength(0);
    await wait(SPINNER_DELAY_MS / 2);
    expect(screen.getByText('The view')).toBeInTheDocument();
    expect(screen.queryByTestId('view-loading')).toBeNull();
    await wait(SPINNER_DELAY_MS);
    expect(rings()).toHaveLength(0);
  });

  it('a view that takes longer shows the spinner from the delay until it arrives', async () => {
    const View = lazyView(SPINNER_DELAY_MS * 3);
    render(<View />);
    await wait(SPINNER_DELAY_MS - 1);
    expect(rings()).toHaveLength(0);
    await wait(1);
    expect(rings()).toHaveLength(1);
    await wait(SPINNER_DELAY_MS * 2);
    expect(screen.getByText('The view')).toBeInTheDocument();
    expect(rings()).toHaveLength(0);
  });

  it('a busy button is disabled at once and draws its ring only after the delay', async () => {
    render(<Button loading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await wait(SPINNER_DELAY_MS - 1);
    expect(rings()).toHaveLength(0);
    await wait(1);
    expect(button.querySelectorAll('[data-spinner-ring]')).toHaveLength(1);
  });
});
