import Link from 'next/link';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import {
  APP_NAME,
  MOBILE_BREAKPOINT_PX,
  SIDEBAR_MIN_WIDTH_PX,
  SIDEBAR_WIDTH_PX,
} from '@/lib/constants';
import { paths } from '@/lib/paths';
import { SIDEBAR_ITEMS, type SidebarAreaKey } from '@/lib/routes';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import {
  BoltIcon,
  ChartIcon,
  CloseIcon,
  CollapseIcon,
  ExpandIcon,
  HomeIcon,
  LinkIcon,
  LogoMark,
  PencilIcon,
  PlugIcon,
  RouteIcon,
  TrendIcon,
  UserIcon,
  UsersIcon,
} from '@/components/ui/icons';
import { useKeyboardShortcut } from '@/hooks/use-keyboard-shortcut';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useSidebarStore } from '@/stores/sidebar';

/** What the sidebar tells a slot about its own state. */
export interface SidebarSlotState {
  minimized: boolean;
}

export interface SidebarProps {
  /** Area of the current route, highlighted in the list. */
  area?: SidebarAreaKey;
  /** Extra content under the logo (the page layout puts the brand switcher here). */
  renderExtra?: (state: SidebarSlotState) => ReactNode;
}

const ICONS: Partial<Record<SidebarAreaKey, ComponentType<SVGProps<SVGSVGElement>>>> = {
  home: HomeIcon,
  brands: ChartIcon,
  reports: TrendIcon,
  events: BoltIcon,
  'customer-profiles': UsersIcon,
  segments: UserIcon,
  integrations: PlugIcon,
  flows: RouteIcon,
  'shorten-urls': LinkIcon,
  settings: PencilIcon,
};

export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

/**
 * Sidebar (docs/product/screens.md#22-layout-and-session-rules): 196 px, minimized 72 px
 * (persisted), a drawer below 768 px; Ctrl/Cmd+B toggles.
 */
export function Sidebar({ area, renderExtra }: SidebarProps) {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const { minimized, drawerOpen, toggleMinimized, toggleDrawer, setDrawerOpen } = useSidebarStore();
  const compact = minimized && !isMobile;

  useKeyboardShortcut({ key: 'b', mod: true }, () =>
    isMobile ? toggleDrawer() : toggleMinimized(),
  );
  useKeyboardShortcut({ key: 'Escape' }, () => setDrawerOpen(false), isMobile && drawerOpen);

  if (isMobile && !drawerOpen) {
    return <aside data-testid="sidebar" data-minimized={String(minimized)} hidden />;
  }

  return (
    <>
      {isMobile ? (
        <div
          aria-hidden="true"
          className="fixed inset-0 z-40 bg-slate-900/40"
          onClick={() => setDrawerOpen(false)}
        />
      ) : null}
      <aside
        data-testid="sidebar"
        data-minimized={String(minimized)}
        aria-label="Sidebar"
        style={{ width: compact ? SIDEBAR_MIN_WIDTH_PX : SIDEBAR_WIDTH_PX }}
        className={cn(
          'flex shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200',
          isMobile ? 'fixed inset-y-0 left-0 z-50 shadow-xl' : 'sticky top-0 h-screen',
        )}
      >
        <div
          className={cn(
            'flex h-16 items-center gap-2 border-b border-slate-100',
            compact ? 'justify-center px-2' : 'px-4',
          )}
        >
          <Link
            href={paths.home()}
            className={cn('flex items-center gap-2 rounded-md', focusRing)}
            aria-label={`${APP_NAME} home`}
          >
            <LogoMark />
            {compact ? null : (
              <span className="text-base font-semibold text-slate-900">{APP_NAME}</span>
            )}
          </Link>
          {isMobile ? (
            <button
              type="button"
              aria-label="Close menu"
              onClick={() => setDrawerOpen(false)}
              className={cn(
                'ml-auto rounded-md p-1.5 text-slate-500 hover:bg-slate-100',
                focusRing,
              )}
            >
              <CloseIcon />
            </button>
          ) : null}
        </div>

        {renderExtra ? (
          <div className={cn('border-b border-slate-100 py-3', compact ? 'px-2' : 'px-3')}>
            {renderExtra({ minimized: compact })}
          </div>
        ) : null}

        {/* Paddings and gap leave the longest label ("Customer Profiles") whole at 196 px. */}
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-1.5 py-3">
          <ul className="flex flex-col gap-1">
            {SIDEBAR_ITEMS.map((item) => {
              const Icon = ICONS[item.key] ?? ChartIcon;
              const active = item.key === area;
              return (
                <li key={item.key}>
                  <Link
                    href={item.href}
                    title={compact ? item.label : undefined}
                    aria-current={active ? 'page' : undefined}
                    onClick={() => setDrawerOpen(false)}
                    className={cn(
                      'flex h-10 items-center gap-2.5 rounded-md text-sm font-medium transition-colors',
                      focusRing,
                      compact ? 'justify-center' : 'px-2.5',
                      active
                        ? 'bg-brand-50 text-brand-700'
                        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                    )}
                  >
                    <Icon className="h-5 w-5 shrink-0" />
                    <span className={compact ? 'sr-only' : 'truncate'}>{item.label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        {isMobile ? null : (
          <div
            className={cn(
              'border-t border-slate-100 p-2',
              compact ? 'flex justify-center' : 'flex justify-end',
            )}
          >
            <button
              type="button"
              onClick={toggleMinimized}
              aria-label={minimized ? 'Expand sidebar' : 'Minimize sidebar'}
              title={`${minimized ? 'Expand' : 'Minimize'} sidebar (Ctrl+B)`}
              className={cn(
                'rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800',
                focusRing,
              )}
            >
              {minimized ? <ExpandIcon /> : <CollapseIcon />}
            </button>
          </div>
        )}
      </aside>
    </>
  );
}
