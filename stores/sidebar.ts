import { create } from 'zustand';
import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE_SECONDS, STORAGE_KEYS } from '@/lib/constants';
import { readCookie, serializeCookie } from '@/lib/cookie';

/** Sidebar state: `minimized` persists (local storage + 7-day cookie); the mobile drawer does not. */
export interface SidebarState {
  minimized: boolean;
  drawerOpen: boolean;
  setMinimized: (minimized: boolean) => void;
  toggleMinimized: () => void;
  setDrawerOpen: (open: boolean) => void;
  toggleDrawer: () => void;
}

/** Local storage first, then the cookie; expanded when neither says otherwise. */
export function readPersistedMinimized(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.sidebarMinimized);
    if (stored !== null) return stored === 'true';
    return readCookie(document.cookie, SIDEBAR_COOKIE) === 'true';
  } catch {
    return false;
  }
}

function persistMinimized(minimized: boolean): void {
  if (typeof window === 'undefined') return;
  try {
    window.localStorage.setItem(STORAGE_KEYS.sidebarMinimized, String(minimized));
  } catch {
    // Private mode or full storage: the cookie still carries the state.
  }
  document.cookie = serializeCookie(SIDEBAR_COOKIE, String(minimized), {
    maxAgeSeconds: SIDEBAR_COOKIE_MAX_AGE_SECONDS,
  });
}

export const useSidebarStore = create<SidebarState>()((set, get) => ({
  minimized: readPersistedMinimized(),
  drawerOpen: false,
  setMinimized: (minimized) => {
    persistMinimized(minimized);
    set({ minimized });
  },
  toggleMinimized: () => get().setMinimized(!get().minimized),
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
  toggleDrawer: () => set({ drawerOpen: !get().drawerOpen }),
}));
