import { displayName, initialOf, isHttpUrl, type DisplayUser } from '@/lib/user-display';

/** The avatar image when it is an http(s) URL, otherwise the initial on a coloured disc. */
export function UserAvatar({ user }: { user: DisplayUser }) {
  if (isHttpUrl(user.avatar)) {
    return (
      // External avatars of any host: next/image would need every host allow-listed.
      // eslint-disable-next-line @next/next/no-img-element
      <img
        data-testid="user-avatar"
        src={user.avatar}
        alt={`${displayName(user)} avatar`}
        referrerPolicy="no-referrer"
        className="h-8 w-8 shrink-0 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      data-testid="user-initial"
      aria-hidden="true"
      className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
    >
      {initialOf(user)}
    </span>
  );
}
