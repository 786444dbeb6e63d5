import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import Link from 'next/link';
import { paths } from '@/lib/paths';
import { displayName } from '@/lib/user-display';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ChevronDownIcon, LogoutIcon, UserIcon } from '@/components/ui/icons';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useSubscription } from '@/hooks/use-subscription';
import { UserAvatar } from './user-avatar';
import { useLogout } from './use-logout';

const ITEM =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

/**
 * Header user menu (docs/product/screens.md#22-layout-and-session-rules): avatar or initial, name,
 * Profile (not on enterprise) and Logout.
 */
export function UserMenu() {
  const { data: user } = useCurrentUser();
  const subscription = useSubscription();
  const logout = useLogout();
  if (!user) return null;

  const name = displayName(user);
  // Hidden on enterprise; not offered until the plan is known, so it never flashes there.
  const showProfile = subscription.isSuccess
    ? subscription.data.current_plan.code !== 'enterprise'
    : subscription.isError;

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="User menu"
        className={cn(
          'flex items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-slate-100',
          focusRing,
        )}
      >
        <UserAvatar user={user} />
        <span
          data-testid="user-name"
          className="hidden max-w-[12rem] truncate text-sm font-medium text-slate-700 sm:block"
        >
          {name}
        </span>
        <ChevronDownIcon className="h-4 w-4 text-slate-400" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-[200px] rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <div className="px-3 py-2">
            <p className="truncate text-sm font-medium text-slate-900">{name}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          {showProfile ? (
            <DropdownMenu.Item asChild className={ITEM}>
              <Link href={paths.profile()}>
                <UserIcon className="h-4 w-4" />
                Profile
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item className={ITEM} onSelect={() => void logout()}>
            <LogoutIcon className="h-4 w-4" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
