import { paths } from '@/lib/paths';
import { displayName } from '@/lib/user-display';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ChevronDownIcon, LogoutIcon, UserIcon } from '@/components/ui/icons';
import { Menu } from '@/components/ui/menu';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useSubscription } from '@/hooks/use-subscription';
import { UserAvatar } from './user-avatar';
import { useLogout } from './use-logout';

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
    <Menu
      align="end"
      triggerProps={{ 'aria-label': 'User menu' }}
      triggerClassName={cn(
        'flex items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-slate-100',
        focusRing,
      )}
      trigger={
        <>
          <UserAvatar user={user} />
          <span
            data-testid="user-name"
            className="hidden max-w-[12rem] truncate text-sm font-medium text-slate-700 sm:block"
          >
            {name}
          </span>
          <ChevronDownIcon className="h-4 w-4 text-slate-400" />
        </>
      }
      header={
        <>
          <div className="px-3 py-2">
            <p className="truncate text-sm font-medium text-slate-900">{name}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <div role="separator" className="my-1 h-px bg-slate-100" />
        </>
      }
      items={[
        ...(showProfile
          ? [
              {
                key: 'profile',
                href: paths.profile(),
                icon: <UserIcon className="h-4 w-4" />,
                label: 'Profile',
              },
            ]
          : []),
        {
          key: 'logout',
          icon: <LogoutIcon className="h-4 w-4" />,
          label: 'Logout',
          onSelect: () => void logout(),
        },
      ]}
    />
  );
}
