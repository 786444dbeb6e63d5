import type { ReactNode } from 'react';
import type { RouteDef } from '@/lib/routes';
import { Header } from './header';
import { Sidebar, type SidebarSlotState } from './sidebar';

export interface AppShellProps {
  route: RouteDef;
  children: ReactNode;
  /** Content sits on the grey background instead of a white card ('app-plain'). */
  plain?: boolean;
  /** Header and content without the sidebar ('header' routes such as the report editor). */
  withSidebar?: boolean;
  renderSidebarExtra?: (state: SidebarSlotState) => ReactNode;
  /** The page's own header controls (see Header). */
  headerSlot?: ReactNode;
}

/** Sidebar + header + content (docs/product/screens.md#22-layout-and-session-rules). */
export function AppShell({
  route,
  children,
  plain = false,
  withSidebar = true,
  renderSidebarExtra,
  headerSlot,
}: AppShellProps) {
  return (
    <div className="flex min-h-screen bg-slate-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      {withSidebar ? <Sidebar area={route.area} renderExtra={renderSidebarExtra} /> : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <Header route={route} withMenu={withSidebar} slot={headerSlot} />
        <main id="main" className="flex-1 p-4 md:p-6">
          {plain ? (
            children
          ) : (
            <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:p-6">
              {children}
            </div>
          )}
        </main>
      </div>
    </div>
  );
}
