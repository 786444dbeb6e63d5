import Link from 'next/link';
import type { ReactNode } from 'react';
import type { RouteDef } from '@/lib/routes';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ArrowLeftIcon, MenuIcon } from '@/components/ui/icons';
import { useSidebarStore } from '@/stores/sidebar';
import { Breadcrumb } from './breadcrumb';
import { UserMenu } from './user-menu';

/**
 * Top bar (docs/product/screens.md#22-layout-and-session-rules): drawer button on small screens,
 * back arrow, breadcrumb, user menu. A page may put its own controls (`slot`) where the back arrow
 * and breadcrumb go.
 */
export function Header({
  route,
  withMenu = true,
  slot,
}: {
  route: RouteDef;
  withMenu?: boolean;
  slot?: ReactNode;
}) {
  const openDrawer = useSidebarStore((s) => s.setDrawerOpen);
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur md:px-6">
      {withMenu ? (
        <button
          type="button"
          aria-label="Open menu"
          onClick={() => openDrawer(true)}
          className={cn('rounded-md p-2 text-slate-600 hover:bg-slate-100 md:hidden', focusRing)}
        >
          <MenuIcon />
        </button>
      ) : null}
      {slot ? <div className="flex min-w-0 flex-1 items-center gap-3">{slot}</div> : null}
      {!slot && route.back ? (
        <Link
          href={route.back}
          aria-label="Back"
          className={cn('rounded-md p-1.5 text-slate-600 hover:bg-slate-100', focusRing)}
        >
          <ArrowLeftIcon />
        </Link>
      ) : null}
      {slot ? null : <Breadcrumb items={route.breadcrumb} />}
      <div className="ml-auto">
        <UserMenu />
      </div>
    </header>
  );
}
