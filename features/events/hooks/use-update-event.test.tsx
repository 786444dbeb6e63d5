import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventBody, EventDef } from '@/lib/contracts/events';
import { db } from '@/tests/mocks/db';
import { server } from '@/tests/mocks/node';
import { addBrand, createTestQueryClient, signInAs } from '@/tests/components/test-utils';
import { eventKeys } from '../lib/query-keys';
import { useUpdateEvent } from './use-update-event';

const puts: string[] = [];
const record = ({ request }: { request: Request }) => {
  if (request.method === 'PUT') puts.push(new URL(request.url).pathname);
};

function seedEvent(): EventDef {
  const { user } = signInAs();
  const brand = addBrand(user, 'Shop');
  const now = new Date().toISOString();
  const event: EventDef = {
    id: 5,
    brand_id: brand.id,
    name: 'Signed up',
    code: 'signed_up',
    attributes: [],
    created_at: now,
    updated_at: now,
  };
  db.events.push(event);
  return event;
}

function setup() {
  const queryClient = createTestQueryClient();
  const onSuccess = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useUpdateEvent({ onSuccess }), { wrapper });
  return { ...hook, queryClient, onSuccess };
}

describe('useUpdateEvent', () => {
  beforeEach(() => {
    puts.length = 0;
    server.events.on('request:start', record);
  });
  afterEach(() => server.events.removeListener('request:start', record));

  it('skips the update without a request when the id is empty or not numeric (docs/product/validation.md#59-other-rules)', async () => {
    const event = seedEvent();
    const body: EventBody = { brand_id: event.brand_id, name: 'X', code: 'x', attributes: [] };
    const { result, onSuccess } = setup();
    for (const id of ['', 'abc', '5x', ' ']) {
      let sent = true;
      act(() => {
        sent = result.current.mutate({ id, body });
      });
      expect(sent).toBe(false);
    }
    // Give a stray request the chance to show up.
    await new Promise((r) => setTimeout(r, 50));
    expect(puts).toEqual([]);
    expect(result.current.isIdle).toBe(true);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(db.events[0].name).toBe('Signed up');
  });

  it('sends a numeric id and refreshes the event and the event lists', async () => {
    const event = seedEvent();
    const { result, queryClient, onSuccess } = setup();
    const listKey = eventKeys.list({ brand_id: event.brand_id, search: '' });
    queryClient.setQueryData(listKey, { stale: false });
    queryClient.setQueryData(eventKeys.detail(event.id), event);

    act(() => {
      result.current.mutate({
        id: String(event.id),
        body: { brand_id: event.brand_id, name: 'Registered', code: 'signed_up', attributes: [] },
      });
    });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(puts).toEqual([`/v1/events/${event.id}`]);
    expect(db.events[0].name).toBe('Registered');
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData<EventDef>(eventKeys.detail(event.id))?.name).toBe('Registered');
  });
});
