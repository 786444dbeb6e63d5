import type { ReactNode } from 'react';
import type { RouteDef } from '@/lib/routes';
import { AppShell } from './app-shell';
import type { SidebarSlotState } from './sidebar';

export interface PageLayoutProps {
  route: RouteDef;
  children: ReactNode;
  renderSidebarExtra?: (state: SidebarSlotState) => ReactNode;
  headerSlot?: ReactNode;
}

/** Picks the shell of the route table's `shell` kind. */
export function PageLayout({ route, children, renderSidebarExtra, headerSlot }: PageLayoutProps) {
  switch (route.shell) {
    case 'app':
    case 'app-plain':
      return (
        <AppShell
          route={route}
          plain={route.shell === 'app-plain'}
          renderSidebarExtra={renderSidebarExtra}
          headerSlot={headerSlot}
        >
          {children}
        </AppShell>
      );
    case 'header':
      return (
        <AppShell route={route} withSidebar={false} headerSlot={headerSlot}>
          {children}
        </AppShell>
      );
    case 'fullscreen':
      return <div className="min-h-screen bg-white">{children}</div>;
    default:
      return <>{children}</>;
  }
}
