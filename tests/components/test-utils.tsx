import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import type { PlanCode } from '@/lib/constants';
import { useBrandStore } from '@/stores/brand';
import { createBrand, createSession, createUser, type MockUser } from '../mocks/db';

// jsdom lacks a few browser APIs Radix relies on (popper sizing, pointer capture, scrolling).
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

/** A fresh cache per test: no retries, nothing shared between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions & { queryClient?: QueryClient } = {},
) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer autoClose={false} />
    </QueryClientProvider>
  );
  return { user: userEvent.setup(), queryClient, ...render(ui, { wrapper, ...options }) };
}

/** Creates a verified account in the mock API, signs it in and stores its token. */
export function signInAs(
  input: { email?: string; name?: string; plan?: PlanCode; avatar?: string | null } = {},
): {
  user: MockUser;
  token: string;
} {
  const user = createUser({
    email: input.email ?? 'ada@example.com',
    name: input.name ?? 'Ada Lovelace',
    plan: input.plan,
    avatar: input.avatar,
  });
  const token = createSession(user.id);
  localStorage.setItem('token', token);
  return { user, token };
}

/** Adds a product owned by `user` to the mock API. */
export const addBrand = (
  user: MockUser,
  name: string,
  domain = `${name.toLowerCase().replace(/\W+/g, '-')}.example.com`,
) => createBrand(user.id, { name, domain });

/** A signed-in user whose current product is "Shop". */
export function signedInWithBrand() {
  const { user } = signInAs();
  const brand = addBrand(user, 'Shop');
  useBrandStore.getState().setBrandId(brand.id);
  return brand;
}
